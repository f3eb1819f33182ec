import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** What to show instead of the failed subtree; `reset` tries rendering it again. */
  fallback: (props: { error: Error; reset: () => void }) => ReactNode;
  children: ReactNode;
};

type State = { error: Error | null };

/** Keeps one screen's failure from blanking the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error)
      return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}

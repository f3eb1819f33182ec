export type NavigateOptions = { replace?: boolean; state?: unknown };
type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

/** Lets code outside React (the API client, the session watcher) move the router. */
export function registerNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigator) navigator(to, options);
  else window.location.hash = `#${to}`;
}

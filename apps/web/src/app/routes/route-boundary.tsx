import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '@/components/error-boundary';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';

/** Each route fails (and loads its code) on its own; a new address starts afresh. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={({ reset }) => <RouteError reset={reset} />}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Layouts get a boundary too, kept across the routes they wrap. */
export function LayoutBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={({ reset }) => <RouteError reset={reset} />}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '@/lib/hash-location';

/**
 * The app's own router over jsdom's address, which starts at `route` as the first screen of the
 * tab: what a test renders reads and moves the address as the app does.
 */
export function startAt(route: string) {
  window.history.replaceState(null, '', `#${route}`);
}

export function TestRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      {children}
    </Router>
  );
}

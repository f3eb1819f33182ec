import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '@/lib/hash-location';

/** wouter over the app's address after the `#`, query included (`lib/hash-location.ts`). */
export function HashRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      {children}
    </Router>
  );
}

import { Router } from 'wouter';
import { useSessionWatcher } from '@/hooks/use-session-watcher';
import { useHashLocation, useHashSearch } from '@/lib/hash-location';
import { Providers } from './providers';
import { AppRoutes } from './router';

function SessionWatcher() {
  useSessionWatcher();
  return null;
}

export function App() {
  return (
    <Providers>
      <Router hook={useHashLocation} searchHook={useHashSearch}>
        <SessionWatcher />
        <AppRoutes />
      </Router>
    </Providers>
  );
}

import { useSessionWatcher } from '@/hooks/use-session-watcher';
import { HashRouter } from './hash-router';
import { Providers } from './providers';
import { AppRoutes } from './router';

function SessionWatcher() {
  useSessionWatcher();
  return null;
}

export function App() {
  return (
    <Providers>
      <HashRouter>
        <SessionWatcher />
        <AppRoutes />
      </HashRouter>
    </Providers>
  );
}

import { HashRouter } from 'react-router';
import { useSessionWatcher } from '@/hooks/use-session-watcher';
import { NavigationBridge } from './navigation-bridge';
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
        <NavigationBridge />
        <SessionWatcher />
        <AppRoutes />
      </HashRouter>
    </Providers>
  );
}

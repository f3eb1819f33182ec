import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/hooks/use-session';
import { readNotice, type RouteState } from '@/lib/route-state';

/**
 * Signed in means an auth token is stored (SPEC 4). Without one the user goes to /login, taking
 * along any message meant for the next screen; a first login must change the password first.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: RouteState = { from: location.pathname, notice: readNotice(location.state) };
    return <Navigate to="/login" replace state={state} />;
  }
  if (session.isFirstLogin) return <Navigate to="/changePassword" replace />;
  return <Outlet />;
}

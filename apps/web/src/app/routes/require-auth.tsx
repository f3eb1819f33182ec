import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useSession } from '@/hooks/use-session';
import { useRouteState } from '@/lib/hash-location';
import { readNotice, type RouteState } from '@/lib/route-state';

/**
 * Signed in means an auth token is stored (SPEC 4). Without one the user goes to /login, taking
 * along any message meant for the next screen; a first login must change the password first.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const [pathname] = useLocation();
  const routeState = useRouteState();
  if (!session) {
    const state: RouteState = { from: pathname, notice: readNotice(routeState) };
    return <Redirect to="/login" replace state={state} />;
  }
  if (session.isFirstLogin) return <Redirect to="/changePassword" replace />;
  return children;
}

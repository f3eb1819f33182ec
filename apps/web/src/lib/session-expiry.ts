import { i18n } from './i18n';
import { navigate } from './hash-location';
import { notifyWarning } from './notify';
import type { RouteState } from './route-state';
import { clearSession, isSignedIn } from './session';

/**
 * Ends a session the server or the cookie says is over: once, however many calls noticed it. The
 * login screen brings the user back to the screen they were on; a half-filled issue form waits
 * there as its draft.
 */
export function expireSession(): void {
  if (!isSignedIn()) return;
  clearSession();
  notifyWarning(i18n.t('session.expired'), { id: 'session-expired' });
  const from = window.location.hash.replace(/^#/, '') || '/';
  const state: RouteState = { from };
  navigate('/login', { replace: true, state });
}

import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { notifyWarning } from './notify';
import { clearSession, isSignedIn } from './session';

/** Ends a session the server or the cookie says is over: once, however many calls noticed it. */
export function expireSession(): void {
  if (!isSignedIn()) return;
  clearSession();
  notifyWarning(i18n.t('session.expired'), { id: 'session-expired' });
  navigateTo('/login', { replace: true });
}

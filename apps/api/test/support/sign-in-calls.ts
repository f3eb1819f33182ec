import { loginFailures, throttleEvents } from '../../src/db/schema/index.ts';
import type { TestApp } from './build-app.ts';

/**
 * Sign-in and password-reset requests as a stranger sends them, and a way to forget the attempts
 * they counted, so that each comparison of known and unknown accounts starts unthrottled.
 */
export function signInCalls(t: () => TestApp) {
  return {
    signIn: (accountno: string, username: string, password: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/v2/authorization',
        payload: { accountno, username, password },
      }),
    forgot: (accountno: string, email: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/v2/resetPassword',
        payload: { accountno, email },
      }),
    clearThrottle: async () => {
      await t().database.db.delete(loginFailures);
      await t().database.db.delete(throttleEvents);
    },
  };
}

import type { SessionKey } from '@/lib/session';

/** A signed-in session as the login leaves it in localStorage (only what screens read). */
export function storeTestSession(values: Partial<Record<SessionKey, string>> = {}) {
  const session: Partial<Record<SessionKey, string>> = {
    authToken: 'test-token',
    username: 'demo',
    companyId: '7',
    branchId: '9',
    userId: '3',
    ushopSetting: 'true',
    role: 'manager',
    ...values,
  };
  for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
}

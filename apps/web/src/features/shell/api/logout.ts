import { api } from '@/lib/api-client';
import { navigate } from '@/lib/hash-location';
import { clearSession } from '@/lib/session';

/** Ends the session on the server (a failure there changes nothing here), then locally, drafts included. */
export async function logout(): Promise<void> {
  try {
    await api.delete('/authorization', { expireOnUnauthorized: false });
  } catch {
    // The session may already be gone server-side; signing out locally is what matters.
  }
  clearSession({ drafts: true });
  navigate('/login', { replace: true });
}

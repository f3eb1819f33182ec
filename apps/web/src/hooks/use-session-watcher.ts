import { useEffect } from 'react';
import { expireSession } from '@/lib/session-expiry';
import { hasSessionExpired } from '@/lib/session';

export const SESSION_CHECK_INTERVAL_MS = 1000;

/** Every second: a stored token whose cookie has run out ends the session (SPEC 4). */
export function useSessionWatcher(): void {
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (hasSessionExpired()) expireSession();
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}

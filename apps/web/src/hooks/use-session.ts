import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from '@/lib/session';

/** The stored session, re-rendering on sign-in, sign-out and changes made in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}

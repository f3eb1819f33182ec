import { mayDo, type Capability } from '@taxfree/domain';
import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from '@/lib/session';

/** The stored session, re-rendering on sign-in, sign-out and changes made in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}

/** Whether the signed-in user's role may do `capability`: the screens offer only what it may. */
export function useMay(capability: Capability): boolean {
  const session = useSession();
  return session !== null && mayDo(session.role, capability);
}

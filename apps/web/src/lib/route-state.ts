/** What one screen hands the next through the router's location state. */
export type RouteState = {
  /** A success message for the next screen to show, e.g. after a password reset. */
  notice?: string;
  from?: string;
};

export function readNotice(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  return typeof state.notice === 'string' && state.notice ? state.notice : undefined;
}

/**
 * Where to go after signing in: the screen the user was sent away from, when it is one of ours
 * (an in-app path, never /login itself or another site); the refund form list otherwise.
 */
export function readReturnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const from = state.from;
  if (typeof from !== 'string' || !/^\/[A-Za-z]/.test(from) || from.startsWith('/login'))
    return '/';
  return from;
}

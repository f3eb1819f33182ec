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

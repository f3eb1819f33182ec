/** How long a task waits for the browser to fall idle before it runs all the same. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `task` in a task of its own once the browser is idle (the page drawn, its first answers
 * handled), or after a short wait where the browser cannot say (Safari). Answers a function that
 * cancels it, as an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (
    typeof window.requestIdleCallback === 'function' &&
    typeof window.cancelIdleCallback === 'function'
  ) {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

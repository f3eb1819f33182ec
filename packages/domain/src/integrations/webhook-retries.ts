/**
 * When a delivery no receiver acknowledged (no 2xx answer, a refusal, a time-out) is tried again:
 * about 5 s, 1 min, 5 min, 30 min, 2 h, 6 h and 24 h after each failed attempt, so that a
 * receiver down for a deployment or for a day still gets every event. Each try keeps its
 * `webhook-id`.
 */
export const WEBHOOK_RETRY_WAITS_MS: readonly number[] = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  24 * 3_600_000,
];

/** The tries a delivery gets in all: the first and one after each wait. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_WAITS_MS.length + 1;

/**
 * When to try again after attempt number `attempt` (1 for the first) failed at `now`; null when
 * that was the last try and the delivery is given up.
 */
export function webhookRetryAt(attempt: number, now: Date): Date | null {
  const wait = WEBHOOK_RETRY_WAITS_MS[attempt - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait);
}

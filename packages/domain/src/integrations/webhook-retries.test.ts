import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryAt } from './webhook-retries.ts';

describe('webhookRetryAt', () => {
  const now = new Date('2026-11-29T10:00:00Z');

  it('waits about 5 s, 1 min, 5 min, 30 min, 2 h, 6 h and 24 h after each failed try', () => {
    const waits = Array.from(
      { length: 7 },
      (_, i) => webhookRetryAt(i + 1, now)!.getTime() - now.getTime(),
    );
    expect(waits).toEqual([5e3, 6e4, 3e5, 1.8e6, 7.2e6, 2.16e7, 8.64e7]);
  });

  it('gives up after the eighth try', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    expect(webhookRetryAt(8, now)).toBeNull();
  });
});

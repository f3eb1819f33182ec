import type { WebhookDelivery } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { deliveryLogRefreshMs } from './delivery-log';

const NOW = Date.parse('2026-11-29T10:00:00Z');

const delivery = (
  status: WebhookDelivery['status'],
  nextTryIn: number | null,
): WebhookDelivery => ({
  id: 1,
  message_id: 'msg_1',
  event: 'taxform.issued',
  tax_form_id: 7,
  status,
  attempts: 1,
  response_status: null,
  failure: null,
  error: null,
  created_at: '2026-11-29T09:59:00Z',
  last_attempt_at: null,
  next_attempt_at: nextTryIn === null ? null : new Date(NOW + nextTryIn).toISOString(),
});

describe('the delivery log', () => {
  it('follows a delivery tried within the minute closely, one within ten minutes now and then', () => {
    expect(deliveryLogRefreshMs([delivery('pending', 0)], NOW)).toBe(2_000);
    // Being sent: its next try is the end of its sender's lease.
    expect(deliveryLogRefreshMs([delivery('pending', 20_000)], NOW)).toBe(2_000);
    expect(deliveryLogRefreshMs([delivery('pending', 5 * 60_000)], NOW)).toBe(15_000);
    expect(deliveryLogRefreshMs([delivery('pending', null)], NOW)).toBe(2_000);
  });

  it('waits for Refresh when nothing is tried soon', () => {
    expect(deliveryLogRefreshMs([], NOW)).toBe(false);
    expect(deliveryLogRefreshMs([delivery('delivered', null), delivery('failed', null)], NOW)).toBe(
      false,
    );
    expect(deliveryLogRefreshMs([delivery('pending', 2 * 3_600_000)], NOW)).toBe(false);
  });
});

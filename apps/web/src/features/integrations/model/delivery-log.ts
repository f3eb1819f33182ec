import type { WebhookDelivery } from '@taxfree/domain';

/**
 * How often an open delivery log asks again by itself: often while a pending delivery is tried
 * within the minute (a test event, a redelivery, a first retry, or one being sent, whose next try
 * is the end of its sender's lease), now and then while within ten minutes, not at all otherwise.
 * Refresh is there for the rest.
 */
export function deliveryLogRefreshMs(deliveries: WebhookDelivery[], now: number): number | false {
  const nextTries = deliveries
    .filter((delivery) => delivery.status === 'pending')
    .map((delivery) =>
      delivery.next_attempt_at === null ? now : Date.parse(delivery.next_attempt_at),
    );
  if (nextTries.length === 0) return false;
  const wait = Math.min(...nextTries) - now;
  if (wait <= 60_000) return 2_000;
  if (wait <= 600_000) return 15_000;
  return false;
}

import * as z from 'zod/mini';
import { queryInteger } from '../api/query-params.ts';

/**
 * A company's webhooks (ARCHITECTURE "Contract additions, third round"): `POST
 * /api/v2/companies/{companyId}/webhooks` with `{ url, events }` answers `{ id, secret }`.
 * Deliveries follow the Standard Webhooks scheme: a JSON body `{ type, timestamp, data }` with the
 * headers `webhook-id`, `webhook-timestamp` and `webhook-signature`. Messages are keys of the
 * `validation` catalogue.
 */

/** What a webhook may subscribe to: a form issued, corrected, moved a stage on, cancelled. */
export const WEBHOOK_EVENTS = [
  'taxform.issued',
  'taxform.updated',
  'taxform.stage_changed',
  'taxform.cancelled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event "Send a test event" sends, whatever the webhook subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every secret starts so (Standard Webhooks): the base64 after it keys the signature. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A target: an absolute http(s) URL without credentials in it. */
export function isWebhookUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

const webhookUrl = z
  .string({ error: 'webhookUrlInvalid' })
  .check(
    z.trim(),
    z.minLength(1, 'webhookUrlInvalid'),
    z.maxLength(2000, 'textTooLong'),
    z.refine(isWebhookUrl, 'webhookUrlInvalid'),
  );

const webhookEvents = z.pipe(
  z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'webhookEventUnknown' }), {
      error: 'webhookEventsRequired',
    })
    .check(
      z.minLength(1, 'webhookEventsRequired'),
      z.maxLength(WEBHOOK_EVENTS.length * 2, 'webhookEventsRequired'),
    ),
  z.transform((events: WebhookEvent[]) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
);

/** A new webhook: where to send, and which events. */
export const newWebhookSchema = z.object({ url: webhookUrl, events: webhookEvents });
export type NewWebhook = z.output<typeof newWebhookSchema>;

/** A change to a webhook: its target, its events, or both. */
export const webhookChangeSchema = z
  .object({ url: z.optional(webhookUrl), events: z.optional(webhookEvents) })
  .check(
    z.refine((change) => change.url !== undefined || change.events !== undefined, {
      message: 'webhookEventsRequired',
      path: ['events'],
    }),
  );
export type WebhookChange = z.output<typeof webhookChangeSchema>;

/** The signing secret, shown when the webhook is created and when it is rotated. */
export const webhookSecretSchema = z.object({ id: z.number().check(z.int()), secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** A webhook as the Integrations screen lists it: never its secret. */
export const webhookSchema = z.object({
  id: z.number().check(z.int()),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** `failing` once a delivery was given up after its last try; back to `active` on a success. */
  status: z.enum(['active', 'failing']),
  /** ISO 8601 instants; null when not failing, or unknown. */
  failing_since: z.nullable(z.string()),
  created_at: z.string(),
  created_by: z.nullable(z.string()),
  /** The previous secret still signs beside the new one until then, after a rotation. */
  previous_secret_until: z.nullable(z.string()),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * Why a try failed, for the screen to say in the manager's language: answered other than 2xx,
 * redirected (not followed), no answer in time, the connection refused, the name not found, a
 * private address refused, or another network failure (TLS, reset).
 */
export const WEBHOOK_FAILURES = [
  'answered',
  'redirected',
  'timedOut',
  'refused',
  'unresolved',
  'privateTarget',
  'network',
] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

/** One message to one webhook, with its attempts so far. */
export const webhookDeliverySchema = z.object({
  id: z.number().check(z.int()),
  /** The `webhook-id` every attempt carries: a receiver drops a message it already has. */
  message_id: z.string(),
  event: z.string(),
  tax_form_id: z.nullable(z.number().check(z.int())),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().check(z.int()),
  /** The target's answer to the last attempt; null when none came (refused, timed out). */
  response_status: z.nullable(z.number().check(z.int())),
  /** Why the last try failed; null when it did not (or none was made). */
  failure: z.nullable(z.enum(WEBHOOK_FAILURES)),
  /** The last failure as the network said it, for the receiver's technicians: not translated. */
  error: z.nullable(z.string()),
  created_at: z.string(),
  last_attempt_at: z.nullable(z.string()),
  /** When a pending delivery is tried next. */
  next_attempt_at: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A page of the delivery log: `perPage` deliveries older than `before` (a delivery's id). */
export const webhookDeliveriesQuerySchema = z.object({
  perPage: queryInteger(1, 100, 50),
  before: queryInteger(1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
});

/** What every event carries in `data`: the form as it stands after the change. */
export const webhookFormDataSchema = z.object({
  id: z.number().check(z.int()),
  barcode: z.string(),
  retailer_branch_id: z.number().check(z.int()),
  status: z.string(),
  /** The stage the form left (taxform.stage_changed only). */
  previous_status: z.optional(z.string()),
  cancelled: z.boolean(),
  version: z.number().check(z.int()),
  customer_refund: z.string(),
});

/** A delivery's body (Standard Webhooks): signed as sent, byte for byte. */
export const webhookEventBodySchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  /** When the change was made (ISO 8601). */
  timestamp: z.string(),
  data: webhookFormDataSchema,
});
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;

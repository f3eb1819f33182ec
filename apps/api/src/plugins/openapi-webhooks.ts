import { WEBHOOK_EVENTS, type WebhookEvent } from '@taxfree/domain';

/**
 * The events a webhook receives, described as OpenAPI 3.1 describes webhooks (one POST per event,
 * its headers and its body), under `x-webhooks` because the document is 3.0: a generator reads the
 * body's type from `components.schemas.WebhookEvent`, a reader learns how to verify it.
 */
const WHEN: Record<WebhookEvent, string> = {
  'taxform.issued': 'A form was issued.',
  'taxform.updated': "A form was corrected (a new version), or its traveller's e-mail changed.",
  'taxform.stage_changed':
    'Customs validated a form, it was received, or refunded: `status` is the new stage, `previous_status` the one it left.',
  'taxform.cancelled': 'A form was cancelled.',
};

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

const HEADERS = [
  header(
    'webhook-id',
    'The message id (`msg_…`): the same on every try of one message; a receiver that already has it answers 2xx and does nothing.',
  ),
  header(
    'webhook-timestamp',
    'When this try was signed, in seconds since 1970: refuse one far from now.',
  ),
  header(
    'webhook-signature',
    '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64 after `whsec_`; space-separated when a rotated-out secret still signs beside the new one.',
  ),
];

export function webhooksDescription() {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          operationId: `on${event
            .split(/[._]/)
            .map((w) => w[0]!.toUpperCase() + w.slice(1))
            .join('')}`,
          summary: WHEN[event],
          description:
            'Sent to every webhook subscribed to the event. A try not answered 2xx within a few seconds comes again after about 5 s, 1 min, 5 min, 30 min, 2 h, 6 h and 24 h, with the same `webhook-id`. A `webhook.test` event (data `{ webhook_id }`) is sent on demand.',
          // The receiver knows the sender by the signature in the headers, not by a scheme.
          security: [],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } },
            },
          },
          responses: {
            '2XX': { description: 'Received: not sent again' },
            default: { description: 'Anything else, or no answer in time: tried again later' },
          },
        },
      },
    ]),
  );
}

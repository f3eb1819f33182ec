import { newWebhookSchema, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@taxfree/domain';
import type * as z from 'zod/mini';

/**
 * The New webhook form: the fields of `newWebhookSchema` as they are typed and ticked. What it
 * sends is the schema's output: the address trimmed, each event once, in their usual order.
 */
export const newWebhookFormSchema = newWebhookSchema;
export type NewWebhookFormValues = z.input<typeof newWebhookFormSchema>;

/** The server's field names the form shows on its own fields. */
export const NEW_WEBHOOK_FIELDS = ['url', 'events'] as const;

/**
 * A new webhook hears of every event: most systems want them all, and a manager unticks those
 * not wanted rather than finding the ones needed.
 */
export function emptyNewWebhook(): NewWebhookFormValues {
  return { url: '', events: [...WEBHOOK_EVENTS] };
}

/** How the screen names an event (`integrations.webhooks.events.*`), whatever the catalogue. */
export type WebhookEventName = 'issued' | 'updated' | 'stageChanged' | 'cancelled' | 'test';

const EVENT_NAMES: Record<string, WebhookEventName> = {
  'taxform.issued': 'issued',
  'taxform.updated': 'updated',
  'taxform.stage_changed': 'stageChanged',
  'taxform.cancelled': 'cancelled',
  [WEBHOOK_TEST_EVENT]: 'test',
};

/** The plain-language name of an event the log holds; null for one this screen does not know. */
export function webhookEventName(event: string): WebhookEventName | null {
  return Object.hasOwn(EVENT_NAMES, event) ? EVENT_NAMES[event]! : null;
}

import { globalRegistry } from 'zod/v4/core';
import { apiKeySchema } from '../integrations/api-keys.schema.ts';
import {
  webhookDeliverySchema,
  webhookEventBodySchema,
  webhookFormDataSchema,
  webhookSchema,
} from '../integrations/webhooks.schema.ts';
import {
  breakdownLineSchema,
  invoiceDetailSchema,
  productRowDetailSchema,
  taxFormDetailSchema,
  taxFormListItemSchema,
} from '../forms/tax-form.schema.ts';
import { taxFormPayloadSchema } from '../forms/tax-form-payload-shape.schema.ts';
import { errorEnvelopeSchema, fieldErrorSchema } from './envelope.ts';

/**
 * The shared shapes the API description names (`components.schemas`), so that a client generator
 * makes a `TaxForm`, an `Invoice` or an `Error` type of them rather than one anonymous type per
 * operation. Importing this module names them, in zod's global registry; the server imports it
 * before it describes or serializes anything.
 */
const NAMES = [
  [taxFormDetailSchema, 'TaxForm'],
  [taxFormListItemSchema, 'TaxFormListItem'],
  [invoiceDetailSchema, 'Invoice'],
  [breakdownLineSchema, 'InvoiceLine'],
  [productRowDetailSchema, 'ProductRow'],
  [taxFormPayloadSchema, 'TaxFormPayload'],
  [apiKeySchema, 'ApiKey'],
  [webhookSchema, 'Webhook'],
  [webhookDeliverySchema, 'WebhookDelivery'],
  [webhookEventBodySchema, 'WebhookEvent'],
  [webhookFormDataSchema, 'WebhookEventData'],
  [errorEnvelopeSchema, 'Error'],
  [fieldErrorSchema, 'FieldError'],
] as const;

for (const [schema, id] of NAMES) {
  if (!globalRegistry.has(schema)) globalRegistry.add(schema, { id });
}

export const NAMED_SCHEMAS: readonly string[] = NAMES.map(([, id]) => id);

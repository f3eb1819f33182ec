import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt } from './columns.ts';
import { taxForms } from './tax-forms.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A URL a company's till (or any system of theirs) hears its forms' events at. The signing
 * secret is kept encrypted with the server's key; after a rotation the previous one signs beside
 * it until `previous_secret_until`, so that a receiver has time to change.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretUntil: instant('previous_secret_until'),
    /** Set when a delivery was given up after its last try; cleared by the next success. */
    failingSince: instant('failing_since'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, t.id)],
);

/**
 * The outbox: one row per message to one webhook, written in the transaction of the change it
 * tells of (a crash between the change and the send loses nothing), sent by whichever process
 * takes it first, and tried again with the same `message_id` until a 2xx answer or the last try.
 * The body is kept as sent, so that every try signs the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    taxFormId: integer('tax_form_id').references(() => taxForms.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: instant('last_attempt_at'),
    responseStatus: integer('response_status'),
    /** Why the last try failed (WEBHOOK_FAILURES); the network's own words in last_error. */
    failure: text('failure'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_key').on(t.endpointId, t.messageId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.companyId, t.endpointId, t.id.desc()),
  ],
);

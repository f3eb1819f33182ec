import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { taxForms } from './tax-forms.ts';
import { users } from './users.ts';
import { createdAt, money } from './columns.ts';

// What happens to a form after issue: its stages, the e-mails it sends, its cancellation.

/** Every stage a form went through, with its time: the Form Status panel reads these. */
export const formStages = pgTable(
  'form_stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    taxFormId: bigint('tax_form_id', { mode: 'number' })
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    /** Who moved the form: a user, or null for an operator's command. */
    userId: integer('user_id').references(() => users.id),
    /** 'portal' (a signed-in user), 'operator' (the command line) or 'api'. */
    source: text('source').notNull().default('portal'),
    /** FORM_VALIDATED: what the customs stamp certifies (DOMAIN.md: date of export, record number). */
    exportDate: date('export_date'),
    customsOffice: text('customs_office'),
    customsRecordNumber: text('customs_record_number'),
    /** FORM_REFUNDED: when, how much and how the traveller was paid. */
    refundDate: date('refund_date'),
    paidAmount: money('paid_amount'),
    paidMethod: text('paid_method'),
    createdAt: createdAt(),
  },
  (t) => [index('form_stages_form_idx').on(t.companyId, t.taxFormId, t.createdAt)],
);

/**
 * The e-mails a form sends its traveller (at issue, on customs validation, on payout, and when the
 * shop sends it again), kept until sent: written in the same transaction as the change, then sent
 * by the mail worker, retried with a growing wait, every attempt audited on the form.
 */
export const formMails = pgTable(
  'form_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    taxFormId: bigint('tax_form_id', { mode: 'number' })
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
    /** 'issued', 'validated', 'refunded' or 'resent'. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    /** 'pending' until sent ('sent') or given up after the last attempt ('failed'). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastError: text('last_error'),
    /** Who asked for it: the user who issued, moved or re-sent the form; null for an operator. */
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('form_mails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('form_mails_form_idx').on(t.companyId, t.taxFormId),
  ],
);

export const cancellations = pgTable(
  'cancellations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    taxFormId: bigint('tax_form_id', { mode: 'number' })
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
    cancelReason: text('cancel_reason').notNull(),
    cancelComments: text('cancel_comments'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cancellations_form_key').on(t.companyId, t.taxFormId)],
);

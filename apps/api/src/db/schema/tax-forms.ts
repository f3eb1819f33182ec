import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, money, updatedAt } from './columns.ts';

/** Serial part of the barcodes: one sequence, so concurrent issues never share a number. */
export const barcodeSerial = pgSequence('tax_form_barcode_serial', { startWith: 1, increment: 1 });

export const travellers = pgTable(
  'travellers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passport: text('passport').notNull(),
    issuedGovt: integer('issued_govt'),
    nationality: integer('nationality'),
    dateOfBirth: date('date_of_birth'),
    postcode: text('postcode'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('travellers_company_passport_key').on(t.companyId, sql`upper(${t.passport})`),
  ],
);

/**
 * A tax-free form. The traveller's details are copied onto the form at issue: the form is a
 * legal document and must keep what was printed even if the traveller record changes.
 */
export const taxForms = pgTable(
  'tax_forms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    travellerId: integer('traveller_id').references(() => travellers.id),
    /** Digits only, fixed length, embeds the company, ends in a check digit; unique everywhere. */
    barcode: text('barcode').notNull(),
    /** The current stage (FORM_SUBMITTED, FORM_VALIDATED, FORM_COLLECTED, FORM_REFUNDED). */
    status: text('status').notNull().default('FORM_SUBMITTED'),
    travelerName: text('traveler_name').notNull(),
    travelerSurname: text('traveler_surname').notNull(),
    travelerEmail: text('traveler_email'),
    travelerMobile: text('traveler_mobile'),
    passport: text('passport').notNull(),
    issuedGovt: integer('issued_govt'),
    nationality: integer('nationality'),
    /** The country the traveller lives in (the issuing country unless the clerk said otherwise). */
    residenceCountry: integer('residence_country'),
    /** The document that proves a residence other than the issuing country. */
    residenceProof: text('residence_proof'),
    passportExpiry: date('passport_expiry'),
    travelerDob: date('traveler_dob'),
    travelerPostcode: text('traveler_postcode'),
    travelerAddress: text('traveler_address'),
    items: text('items'),
    dateArrived: date('date_arrived'),
    dateLeaving: date('date_leaving'),
    countryFinal: integer('country_final'),
    dateOfSales: date('date_of_sales').notNull(),
    invoiceDate: date('invoice_date'),
    /** The last day the goods may leave: the earliest deadline of the form's invoices. */
    exportDeadline: date('export_deadline'),
    methodOfShipment: text('method_of_shipment'),
    freightForwardName: text('freight_forward_name'),
    freightForwardAddress: text('freight_forward_address'),
    methodOfRefund: text('method_of_refund').notNull(),
    /** Card number, AES-256-GCM encrypted; only the last four digits are kept in clear. */
    accDetailsEnc: text('acc_details_enc'),
    accDetailsLast4: text('acc_details_last4'),
    emailOrMobile: text('email_or_mobile'),
    ibanEnc: text('iban_enc'),
    ibanLast4: text('iban_last4'),
    swift: text('swift'),
    bankName: text('bank_name'),
    bankAddress: text('bank_address'),
    invoiceReferenceNumber: text('invoice_reference_number'),
    grossSalesPrice: money('gross_sales_price').notNull().default('0'),
    grossAmount: money('gross_amount').notNull().default('0'),
    netAmount: money('net_amount').notNull().default('0'),
    vatAmount: money('vat_amount').notNull().default('0'),
    refundAmount: money('refund_amount').notNull().default('0'),
    customerRefund: money('customer_refund').notNull().default('0'),
    /** Amounts were typed by hand (the no-auto-calculation option), not computed. */
    manualAmounts: boolean('manual_amounts').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    /** The form may still be cancelled: set at issue, cleared once customs validated it. */
    ilr: boolean('ilr').notNull().default(true),
    /** The stored PDF of the form's version `pdfVersion`: printing it again serves these bytes. */
    pdfFile: text('pdf_file'),
    pdfVersion: integer('pdf_version'),
    /** How many times the form was printed: the first print is the original, later ones copies. */
    printCount: integer('print_count').notNull().default(0),
    /**
     * Six characters of Crockford's base32, random, printed on the form and sent in its e-mail: with
     * the barcode it lets the traveller follow the form on the public status page.
     */
    verificationCode: text('verification_code')
      .notNull()
      .default(sql`tax_form_verification_code()`),
    /** The language the traveller's e-mails are written in (one of the portal's); null: English. */
    travellerLanguage: text('traveller_language'),
    /**
     * Barcode, traveller name, surname, e-mail, passport and every invoice reference, joined by
     * U+001F: the one column the list's search reads (see formSearchText).
     */
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_forms_barcode_key').on(t.barcode),
    index('tax_forms_list_idx').on(t.companyId, t.branchId, t.createdAt.desc(), t.id.desc()),
    index('tax_forms_company_date_idx').on(t.companyId, t.dateOfSales),
    // Home's worklist and the list's stage filter: live forms by stage and export deadline.
    index('tax_forms_stage_idx')
      .on(t.companyId, t.branchId, t.status, t.exportDeadline)
      .where(sql`${t.cancelled} = false`),
    index('tax_forms_search_idx').using(
      'gin',
      t.companyId,
      t.branchId,
      sql`${t.searchText} gin_trgm_ops`,
    ),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    taxFormId: bigint('tax_form_id', { mode: 'number' })
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    invoiceDate: date('invoice_date'),
    invoiceReferenceNumber: text('invoice_reference_number'),
    netAmount: money('net_amount').notNull().default('0'),
    vatAmount: money('vat_amount').notNull().default('0'),
    grossSalesPrice: money('gross_sales_price').notNull().default('0'),
    refundAmount: money('refund_amount').notNull().default('0'),
    customerRefund: money('customer_refund').notNull().default('0'),
    vatProductRate: numeric('vat_product_rate', { precision: 5, scale: 2 }),
  },
  (t) => [index('invoices_form_idx').on(t.companyId, t.taxFormId)],
);

export const breakdownLines = pgTable(
  'breakdown_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    taxFormId: bigint('tax_form_id', { mode: 'number' })
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    vatProductRate: numeric('vat_product_rate', { precision: 5, scale: 2 }).notNull(),
    netSalesAmount: money('net_sales_amount').notNull(),
    vatAmount: money('vat_amount').notNull(),
    grossSalesPrice: money('gross_sales_price').notNull(),
    customerRefund: money('customer_refund').notNull().default('0'),
  },
  (t) => [index('breakdown_lines_form_idx').on(t.companyId, t.taxFormId)],
);

export const productRows = pgTable(
  'product_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    taxFormId: bigint('tax_form_id', { mode: 'number' })
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    classification: text('classification').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    serialNumber: text('serial_number'),
    netAmount: money('net_amount').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    simplifiedInvoiceNumber: text('simplified_invoice_number'),
    simplifiedInvoiceDate: date('simplified_invoice_date'),
  },
  (t) => [index('product_rows_form_idx').on(t.companyId, t.taxFormId)],
);

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

/** The first answer to an issue request, replayed for a retried request with the same key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    response: text('response'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('idempotency_keys_company_key').on(t.companyId, t.key)],
);

/**
 * How many forms each branch holds, kept by a trigger on tax_forms: the list's "Displaying X of Y"
 * reads one row instead of counting the branch's forms on every page.
 */
export const branchFormTotals = pgTable(
  'branch_form_totals',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    forms: bigint('forms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.branchId] })],
);

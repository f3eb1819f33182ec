import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.ts';
import { travellers } from './travellers.ts';
import { users } from './users.ts';
import { createdAt, money, updatedAt } from './columns.ts';

/** Serial part of the barcodes: one sequence, so concurrent issues never share a number. */
export const barcodeSerial = pgSequence('tax_form_barcode_serial', { startWith: 1, increment: 1 });

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

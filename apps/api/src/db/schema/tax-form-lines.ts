import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { taxForms } from './tax-forms.ts';
import { money } from './columns.ts';

// What a form carries: its invoices, their per-rate lines, and its product rows.

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
    /** The fiscal receipt the invoice is, as its QR code names it; null when typed. */
    receiptId: text('receipt_id'),
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

/**
 * Which form holds each fiscal receipt of the company: one receipt stands on one form that is not
 * cancelled (a refund paid once). Issuing or editing a form claims its receipts; cancelling it, or
 * editing a receipt away, frees them.
 */
export const receiptClaims = pgTable(
  'receipt_claims',
  {
    companyId: integer('company_id').notNull(),
    /** The receipt's id as its code names it, in lower case. */
    receiptKey: text('receipt_key').notNull(),
    taxFormId: bigint('tax_form_id', { mode: 'number' })
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.receiptKey] }),
    index('receipt_claims_form_idx').on(t.companyId, t.taxFormId),
  ],
);

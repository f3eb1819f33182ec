import * as z from 'zod/mini';
import {
  requiredText,
  wireAmount,
  wireDate,
  wireOptionalRate,
  wireQuantity,
  wireRate,
  wireText,
} from './wire-fields.schema.ts';
import { isReceiptId, isSerbianReceiptNumber } from '../receipts/receipt-number.ts';

/**
 * The `invoice` and `products` parts of the issue / update payload (tax-form-payload.schema.ts):
 * invoices with their VAT breakdown lines, and product rows.
 */

/** Most rows a payload may carry: far above any real form, low enough to bound the work. */
export const MAX_INVOICES = 50;
export const MAX_BREAKDOWN_LINES = 20;
export const MAX_PRODUCT_ROWS = 200;

export function rows<T extends z.ZodMiniType>(row: T, max: number) {
  return z.pipe(
    z.nullish(z.array(row).check(z.maxLength(max, 'tooManyRows'))),
    z.transform((value: z.output<T>[] | null | undefined) => value ?? []),
  );
}

export const breakdownLinePayloadSchema = z.object({
  vat_product_rate: wireRate('vatRateRequired'),
  net_sales_amount: wireAmount('netAmountRequired'),
  vat_amount: wireAmount(),
  gross_sales_price: wireAmount(),
  customer_refund: wireAmount(),
});
export type BreakdownLinePayload = z.output<typeof breakdownLinePayloadSchema>;

export const invoicePayloadSchema = z.object({
  invoice_date: wireDate,
  invoice_reference_number: wireText(100),
  /**
   * The fiscal receipt the invoice is, as its QR code names it (Croatia's JIR or ZKI, Slovenia's
   * ZOI, Serbia's receipt number); empty when it was typed. One receipt stands on one form.
   */
  receipt_id: z.optional(
    wireText(100).check(z.refine((id: string) => id === '' || isReceiptId(id), 'receiptIdInvalid')),
  ),
  customer_refund: wireAmount(),
  gross_sales_price: wireAmount(),
  refund_amount: wireAmount(),
  vat_amount: wireAmount(),
  vat_product_rate: wireOptionalRate,
  breakdown: rows(breakdownLinePayloadSchema, MAX_BREAKDOWN_LINES),
});
export type InvoicePayload = z.output<typeof invoicePayloadSchema>;

/** A product row. Its net_amount is the row's total (all `quantity` pieces), not a unit price. */
export const productRowPayloadSchema = z.object({
  classification: requiredText(50, 'classificationRequired'),
  description: requiredText(500, 'descriptionRequired'),
  quantity: wireQuantity('quantityRequired'),
  serial_number: wireText(100),
  net_amount: wireAmount('netAmountRequired'),
  vat_rate: wireRate('vatRateRequired'),
  simplified_invoice_number: wireText(100),
  simplified_invoice_date: wireDate,
});
export type ProductRowPayload = z.output<typeof productRowPayloadSchema>;

type ReceiptNaming = Partial<Pick<InvoicePayload, 'receipt_id' | 'invoice_reference_number'>>;

/**
 * The receipt an invoice is, as the key that holds it against other forms: the scanned receipt's
 * id, else a typed number that names one receipt only (a Serbian receipt's); '' for none. Case does
 * not tell two receipts apart.
 */
function receiptKeyOf({ receipt_id, invoice_reference_number }: ReceiptNaming): string {
  const typed = (invoice_reference_number ?? '').trim();
  return (receipt_id || (isSerbianReceiptNumber(typed) ? typed : '')).toLowerCase();
}

/** The receipts a form's invoices name, each once (`receiptKeyOf`). */
export function receiptKeys(invoices: readonly ReceiptNaming[]): string[] {
  return [...new Set(invoices.map(receiptKeyOf).filter(Boolean))];
}

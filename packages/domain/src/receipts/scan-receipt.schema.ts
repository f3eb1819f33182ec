import * as z from 'zod/mini';
import { RECEIPT_CODE_MAX_LENGTH } from './scan-receipt.ts';

/** `POST …/taxforms/scanReceipt`: the text a reader or a camera read from a receipt's QR code. */
export const scanReceiptBodySchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(RECEIPT_CODE_MAX_LENGTH)),
});
export type ScanReceiptBody = z.infer<typeof scanReceiptBodySchema>;

/** What the invoice takes from a receipt's code; what the code does not carry is null. */
export const scannedReceiptSchema = z.object({
  country: z.enum(['RS', 'BA', 'HR', 'SI']),
  receipt_number: z.nullable(z.string()),
  fiscal_id: z.nullable(z.string()),
  /** ISO 8601, with the offset of the receipt's local time or Z. */
  issued_at: z.string(),
  /** The receipt's total in currency units; null where the code carries none (Slovenia). */
  gross_amount: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  kind: z.literal('sale'),
  /** Slovenia: the seller's tax number the code names; elsewhere null. */
  seller_tax_number: z.nullable(z.string()),
  /** What the invoice sends as its `receipt_id`: the fiscal id, else the receipt's number. */
  receipt_id: z.string(),
  /** The barcode of the company's form (not cancelled) that already holds the receipt; else null. */
  held_by: z.nullable(z.string()),
});
export type ScannedReceiptAnswer = z.infer<typeof scannedReceiptSchema>;

import { dayIn } from '../forms/days.ts';
import { receiptKeys } from '../forms/invoice-rows.schema.ts';
import type { ScannedReceipt } from './receipt.ts';

/**
 * What a scanned receipt puts on the invoice it is (DOMAIN.md, "Fiscal receipts"): the issue panel
 * fills the invoice with it as the clerk scans, and the form then holds the receipt against every
 * other form of the company.
 */
export type ReceiptInvoice = {
  /** The key the receipt stands on one form by: its fiscal id, else its number. */
  receipt_id: string;
  /** The receipt's number, the invoice's reference; null where the code carries none. */
  reference: string | null;
  /** The day of the sale in the shop's time zone, yyyy-mm-dd. */
  day: string;
  /** The receipt's total with two decimals; null where the code carries none (Slovenia). */
  gross: string | null;
};

/** The key a receipt stands on one form by: its fiscal id, else its number. */
export function receiptIdOf(receipt: ScannedReceipt): string {
  return receipt.fiscal_id ?? receipt.receipt_number ?? '';
}

/** A read receipt as its invoice: a Serbian receipt's UTC time falls on the shop's own day. */
export function receiptInvoice(receipt: ScannedReceipt, timeZone: string): ReceiptInvoice {
  return {
    receipt_id: receiptIdOf(receipt),
    reference: receipt.receipt_number,
    day: dayIn(timeZone, new Date(receipt.issued_at)),
    gross: receipt.gross_amount,
  };
}

/** Whether one of `invoices` already is the receipt `receiptId` (case does not tell two apart). */
export function holdsReceipt(
  invoices: readonly { receipt_id?: string; invoice_reference_number?: string }[],
  receiptId: string,
) {
  const key = receiptId.toLowerCase();
  return key !== '' && receiptKeys(invoices).includes(key);
}

/**
 * What a fiscal receipt's QR code tells about the invoice a form is built on (DOMAIN.md, "Fiscal
 * receipts: the invoice a form is built on"), or why it cannot be used.
 */

/** The countries whose receipts' codes are read: RS, BA (Republika Srpska), HR and SI. */
export type ReceiptCountry = 'RS' | 'BA' | 'HR' | 'SI';

/** A receipt as read from its code; what the code does not carry is null. */
export type ScannedReceipt = {
  country: ReceiptCountry;
  /** Serbia: `requested by-signed by-count of all receipts`; elsewhere null. */
  receipt_number: string | null;
  /** Croatia: the JIR or the ZKI; Slovenia: the ZOI in hex; Serbia: null. */
  fiscal_id: string | null;
  /** ISO 8601, with the offset of the receipt's local time or Z. */
  issued_at: string;
  /** The total with two decimals, e.g. "1234.50"; null where the code carries none (Slovenia). */
  gross_amount: string | null;
  currency: string | null;
  /** Only a normal sale is accepted, so only a sale is ever read. */
  kind: 'sale';
  /** Slovenia: the seller's 8-digit tax number; elsewhere null. */
  seller_tax_number: string | null;
};

/** Why a code gives no receipt, each a key of the `validation` catalogue. */
export const RECEIPT_REFUSALS = [
  'receiptUnreadable',
  'receiptDigest',
  'receiptVersion',
  'receiptCopy',
  'receiptProForma',
  'receiptTraining',
  'receiptRefund',
  'receiptCheckDigit',
  'receiptTaxNumber',
  'receiptOtherSeller',
] as const;

export type ReceiptRefusal = (typeof RECEIPT_REFUSALS)[number];

/** A code's reading: the receipt, or the refusal to tell the clerk. */
export type ReceiptScan =
  { ok: true; receipt: ScannedReceipt } | { ok: false; refusal: ReceiptRefusal };

/** A refusal, as the readers answer it. */
export function refuse(refusal: ReceiptRefusal): ReceiptScan {
  return { ok: false, refusal };
}

/** Cents as a total with two decimals: 123450n → "1234.50". */
export function centsToTotal(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

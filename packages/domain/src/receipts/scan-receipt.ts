import { isCroatianLink, readCroatianLink } from './croatian-receipt.ts';
import { refuse, type ReceiptScan, type ScannedReceipt } from './receipt.ts';
import { readReceiptLink } from './receipt-link.ts';
import { isSerbianLink, readSerbianLink } from './serbian-receipt.ts';
import { isSlovenianCode, readSlovenianCode } from './slovenian-receipt.ts';

/**
 * Reading a fiscal receipt's QR code, offline, in the browser (to fill the invoice as the clerk
 * scans) and on the server (scanReceipt): DOMAIN.md, "Fiscal receipts: the invoice a form is
 * built on"; ARCHITECTURE.md, "Receipts".
 */

export {
  RECEIPT_REFUSALS,
  type ReceiptCountry,
  type ReceiptRefusal,
  type ReceiptScan,
  type ScannedReceipt,
} from './receipt.ts';

/** The longest code read; a longer one is refused before any work (real ones are under 2000). */
export const RECEIPT_CODE_MAX_LENGTH = 4096;

/**
 * What a scanned fiscal receipt's QR code says (Serbia's and Republika Srpska's verification
 * links, Croatia's links, Slovenia's 60 digits), or why it cannot be used, as a `validation` key.
 * Only a normal sale is read. Never throws, whatever the text.
 */
export function readReceiptCode(code: string): ReceiptScan {
  if (typeof code !== 'string' || code.length > RECEIPT_CODE_MAX_LENGTH) {
    return refuse('receiptUnreadable');
  }
  const text = code.trim();
  if (isSlovenianCode(text)) return readSlovenianCode(text);
  const link = readReceiptLink(text);
  if (link && isSerbianLink(link)) return readSerbianLink(link);
  if (link && isCroatianLink(link)) return readCroatianLink(link);
  return refuse('receiptUnreadable');
}

/** A tax number's 8 digits, without spaces and a leading SI: `SI 1234 5678` → `12345678`. */
function slovenianDigits(vatNumber: string): string {
  return vatNumber.replace(/[\s.\-/]/g, '').replace(/^SI/i, '');
}

/**
 * Whether a receipt was issued by the shop of `shopVatNumber` (with or without `SI`), as far as
 * its code tells: a Slovenian code names the seller; the others do not, and so always match.
 */
export function receiptSellerMatches(receipt: ScannedReceipt, shopVatNumber: string): boolean {
  if (receipt.seller_tax_number === null) return true;
  return slovenianDigits(shopVatNumber) === receipt.seller_tax_number;
}

/**
 * A receipt scanned at a shop's counter: the code's reading, refused also when the code names
 * another seller than the shop of `shopVatNumber` (null while the shop has no VAT number: nothing
 * to compare). The browser asks it as the clerk scans and the server again on `scanReceipt`.
 */
export function readShopReceipt(code: string, shopVatNumber: string | null): ReceiptScan {
  const scan = readReceiptCode(code);
  if (!scan.ok || shopVatNumber === null) return scan;
  return receiptSellerMatches(scan.receipt, shopVatNumber) ? scan : refuse('receiptOtherSeller');
}

import { isValidVatNumber } from '../countries/vat-number.rules.ts';
import { refuse, type ReceiptScan } from './receipt.ts';
import { zonedIsoTime } from './zoned-time.ts';

/**
 * Slovenia's fiscally verified receipts (davčno potrjevanje računov): the QR code is 60 digits,
 *
 *   the ZOI (an MD5, written in decimal, 39 digits) · the seller's tax number (8 digits) ·
 *   the time as yyMMddHHmmss (Ljubljana's wall clock) · a check digit, the sum of the 59 digits
 *   before it, mod 10.
 */

const CODE = /^\d{60}$/;
const LARGEST_MD5 = (1n << 128n) - 1n;

/** Whether a code looks like a Slovenian receipt's: 60 digits, whatever their checks. */
export function isSlovenianCode(code: string): boolean {
  return CODE.test(code);
}

function checkDigitMatches(code: string): boolean {
  const sum = [...code.slice(0, 59)].reduce((total, digit) => total + Number(digit), 0);
  return sum % 10 === Number(code[59]);
}

/** `yyMMddHHmmss` (this century) as an ISO instant in Ljubljana's time; null when it is no time. */
function issuedAt(stamp: string): string | null {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = (
    stamp.match(/\d{2}/g) ?? []
  ).map(Number);
  return zonedIsoTime('Europe/Ljubljana', { year: 2000 + year, month, day, hour, minute, second });
}

/** A Slovenian receipt's 60 digits as a receipt, or why they cannot be used. */
export function readSlovenianCode(code: string): ReceiptScan {
  if (!isSlovenianCode(code)) return refuse('receiptUnreadable');
  if (!checkDigitMatches(code)) return refuse('receiptCheckDigit');
  const zoi = BigInt(code.slice(0, 39));
  const taxNumber = code.slice(39, 47);
  const time = issuedAt(code.slice(47, 59));
  if (zoi > LARGEST_MD5 || time === null) return refuse('receiptUnreadable');
  if (!isValidVatNumber('SI', taxNumber)) return refuse('receiptTaxNumber');
  return {
    ok: true,
    receipt: {
      country: 'SI',
      receipt_number: null,
      fiscal_id: zoi.toString(16).padStart(32, '0'),
      issued_at: time,
      gross_amount: null,
      currency: 'EUR',
      kind: 'sale',
      seller_tax_number: taxNumber,
    },
  };
}

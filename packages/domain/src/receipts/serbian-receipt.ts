import { md5 } from '@noble/hashes/legacy';
import { decodeBase64 } from './base64.ts';
import { centsToTotal, refuse, type ReceiptRefusal, type ReceiptScan } from './receipt.ts';
import type { ReceiptLink } from './receipt-link.ts';

/**
 * Serbia's e-fiscal receipts (and Republika Srpska's, the same system): the verification link's
 * `vl` is a binary record (DOMAIN.md, "Fiscal receipts"):
 *
 *   0 version (3) · 1–8 requested by · 9–16 signed by · 17–20 count of all receipts (u32 LE) ·
 *   21–24 count of this type (u32 LE) · 25–32 total in ten-thousandths (u64 LE) ·
 *   33–40 the processor's time (u64 BE, ms since 1970 UTC) · 41 invoice type · 42 transaction
 *   type · 43 the buyer id's length, then the buyer id · signed and encrypted data ·
 *   the last 16 bytes: the MD5 of all before them.
 */

/** The hosts of the verification links, and each one's country. */
const HOSTS: ReadonlyMap<string, 'RS' | 'BA'> = new Map([
  ['suf.purs.gov.rs', 'RS'],
  ['suf.poreskaupravars.org', 'BA'],
]);

const CURRENCIES = { RS: 'RSD', BA: 'BAM' } as const;

/** The only version of the record whose layout is known. */
const SERBIAN_RECORD_VERSION = 3;

const DIGEST_LENGTH = 16;
/** The fixed fields up to the buyer id's length, then the digest. */
const SHORTEST_RECORD = 44 + DIGEST_LENGTH;
/** The latest time read: the last millisecond of the year 9999. */
const LATEST_TIME = BigInt(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

/** The invoice types: a normal one (0), or a pro forma, a copy, a training one, each refused. */
const INVOICE_TYPES: ReadonlyMap<number, ReceiptRefusal | null> = new Map([
  [0, null],
  [1, 'receiptProForma'],
  [2, 'receiptCopy'],
  [3, 'receiptTraining'],
]);

/** The transaction types: a sale (0), or a refund, refused. */
const TRANSACTION_TYPES: ReadonlyMap<number, ReceiptRefusal | null> = new Map([
  [0, null],
  [1, 'receiptRefund'],
]);

/** Whether a link is a Serbian or Republika Srpska verification link (host exact, any case). */
export function isSerbianLink(link: ReceiptLink): boolean {
  return HOSTS.has(link.host);
}

/** The 8 characters of an id: printable ASCII without spaces, else null. */
function asciiId(bytes: Uint8Array): string | null {
  if (!bytes.every((byte) => byte > 0x20 && byte < 0x7f)) return null;
  return String.fromCharCode(...bytes);
}

/** Ten-thousandths as a total with two decimals, rounded half up: 12345050 → "1234.51". */
function tenThousandthsToTotal(value: bigint): string {
  return centsToTotal((value + 50n) / 100n);
}

/** Whether the last 16 bytes are the MD5 of all before them. */
function digestMatches(record: Uint8Array): boolean {
  const body = record.subarray(0, record.length - DIGEST_LENGTH);
  const digest = record.subarray(record.length - DIGEST_LENGTH);
  return md5(body).every((byte, k) => byte === digest[k]);
}

/** Why a record is not a normal sale (the invoice's type first: a copy of a refund is a copy). */
function saleRefusal(invoiceType: number, transactionType: number): ReceiptRefusal | null {
  const invoice = INVOICE_TYPES.get(invoiceType);
  const transaction = TRANSACTION_TYPES.get(transactionType);
  if (invoice === undefined || transaction === undefined) return 'receiptUnreadable';
  return invoice ?? transaction;
}

/** The receipt a decoded record describes, or why it cannot be used. */
function readSerbianRecord(record: Uint8Array, country: 'RS' | 'BA'): ReceiptScan {
  if (record.length < SHORTEST_RECORD) return refuse('receiptUnreadable');
  if (record[0] !== SERBIAN_RECORD_VERSION) return refuse('receiptVersion');
  if (!digestMatches(record)) return refuse('receiptDigest');
  const buyerIdLength = record[43] ?? 0;
  if (44 + buyerIdLength > record.length - DIGEST_LENGTH) return refuse('receiptUnreadable');
  const refusal = saleRefusal(record[41] ?? -1, record[42] ?? -1);
  if (refusal) return refuse(refusal);
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  const requestedBy = asciiId(record.subarray(1, 9));
  const signedBy = asciiId(record.subarray(9, 17));
  const time = view.getBigUint64(33, false);
  if (requestedBy === null || signedBy === null || time > LATEST_TIME) {
    return refuse('receiptUnreadable');
  }
  return {
    ok: true,
    receipt: {
      country,
      receipt_number: `${requestedBy}-${signedBy}-${view.getUint32(17, true)}`,
      fiscal_id: null,
      issued_at: new Date(Number(time)).toISOString(),
      gross_amount: tenThousandthsToTotal(view.getBigUint64(25, true)),
      currency: CURRENCIES[country],
      kind: 'sale',
      seller_tax_number: null,
    },
  };
}

/** A Serbian or Republika Srpska verification link's receipt, or why it cannot be used. */
export function readSerbianLink(link: ReceiptLink): ReceiptScan {
  const country = HOSTS.get(link.host);
  const vl = link.params.get('vl');
  if (!country || !/^\/v\/?$/i.test(link.path) || !vl) return refuse('receiptUnreadable');
  // A reader that took the link for a form's query turns '+' into a space: turn it back.
  const record = decodeBase64(vl.replace(/ /g, '+'));
  return record ? readSerbianRecord(record, country) : refuse('receiptUnreadable');
}

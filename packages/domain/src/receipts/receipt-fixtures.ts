import { md5 } from '@noble/hashes/legacy';
import { readReceiptCode, type ScannedReceipt } from './scan-receipt.ts';

/**
 * What the receipts' tests build their codes from: Serbian records byte by byte, Croatian links and
 * Slovenian digits, each from the fields a test names.
 */

export type SerbianFields = {
  version: number;
  requestedBy: string;
  signedBy: string;
  totalCounter: number;
  typeCounter: number;
  /** The total in ten-thousandths of the currency. */
  total: bigint;
  /** The processor's time, ms since 1970 UTC. */
  time: bigint;
  invoiceType: number;
  transactionType: number;
  buyerId: string;
  /** Stands for the signed and encrypted part: bytes whose base64 has '+' and '/' in it. */
  encrypted: Uint8Array;
};

export const SERBIAN_SALE: SerbianFields = {
  version: 3,
  requestedBy: 'RQ4HG5TH',
  signedBy: 'SG7KL2MN',
  totalCounter: 14_502,
  typeCounter: 13_990,
  total: 12_345_000n,
  time: BigInt(Date.UTC(2025, 4, 20, 10, 15, 30, 250)),
  invoiceType: 0,
  transactionType: 0,
  buyerId: '',
  encrypted: Uint8Array.from({ length: 48 }, (_, k) => [0xfb, 0xef, 0xbe, 0xff][k % 4] ?? 0),
};

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** The record's bytes before the digest. */
export function serbianBody(fields: SerbianFields): Uint8Array {
  const buyer = ascii(fields.buyerId);
  const body = new Uint8Array(44 + buyer.length + fields.encrypted.length);
  const view = new DataView(body.buffer);
  body[0] = fields.version;
  body.set(ascii(fields.requestedBy).subarray(0, 8), 1);
  body.set(ascii(fields.signedBy).subarray(0, 8), 9);
  view.setUint32(17, fields.totalCounter, true);
  view.setUint32(21, fields.typeCounter, true);
  view.setBigUint64(25, fields.total, true);
  view.setBigUint64(33, fields.time, false);
  body[41] = fields.invoiceType;
  body[42] = fields.transactionType;
  body[43] = buyer.length;
  body.set(buyer, 44);
  body.set(fields.encrypted, 44 + buyer.length);
  return body;
}

/** A body followed by its MD5, as a processor writes it. */
export function withDigest(body: Uint8Array): Uint8Array {
  const record = new Uint8Array(body.length + 16);
  record.set(body);
  record.set(md5(body), body.length);
  return record;
}

/** A whole record of the fields given, the rest those of SERBIAN_SALE. */
export function serbianRecord(fields: Partial<SerbianFields> = {}): Uint8Array {
  return withDigest(serbianBody({ ...SERBIAN_SALE, ...fields }));
}

/** Standard base64, padded. */
export function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** A Serbian verification link for a record (the base64 as it is, not URL-encoded). */
export function serbianLink(record: Uint8Array, host = 'suf.purs.gov.rs'): string {
  return `https://${host}/v/?vl=${base64(record)}`;
}

/** A Croatian receipt link with its parameters in the order given. */
export function croatianLink(params: [string, string][], path = '/rn?'): string {
  return `https://porezna.gov.hr${path}${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** The check digit of a Slovenian code's first 59 digits. */
export function slovenianCheckDigit(digits: string): string {
  return String([...digits].reduce((sum, digit) => sum + Number(digit), 0) % 10);
}

/** A Slovenian code: the ZOI (hex) in decimal, the tax number, the time, the right check digit. */
export function slovenianCode(zoiHex: string, taxNumber: string, stamp: string): string {
  const digits = `${BigInt(`0x${zoiHex}`).toString().padStart(39, '0')}${taxNumber}${stamp}`;
  return `${digits}${slovenianCheckDigit(digits)}`;
}

/** A code's refusal, or 'read' for a receipt: what most cases compare. */
export function refusalOf(code: string): string {
  const scan = readReceiptCode(code);
  return scan.ok ? 'read' : scan.refusal;
}

/** A code's receipt; a refusal fails the test with its key. */
export function receiptOf(code: string): ScannedReceipt {
  const scan = readReceiptCode(code);
  if (!scan.ok) throw new Error(`refused: ${scan.refusal}`);
  return scan.receipt;
}

import crypto from 'node:crypto';

/** How long the link a print answers keeps working: long enough to open and print, no longer. */
export const PRINT_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** `<stored file>-<copy>-<expiry, seconds base 36>-<signature>.pdf` */
const LINK = /^([0-9a-f]{32})-(\d{1,6})-([0-9a-z]{1,11})-([0-9a-f]{32})\.pdf$/;
const STORED_PDF = /^([0-9a-f]{32})\.pdf$/;

export type PrintLink = {
  /** The stored PDF's name. */
  file: string;
  /** 0 for the original; n for the n-th copy, marked so on every page. */
  copy: number;
};

export type PrintLinkCheck =
  | ({ valid: true; expiresAt: Date } & PrintLink)
  | { valid: false; reason: 'malformed' | 'forged' | 'expired' };

/** The key that signs print links, derived from the server's secret (every process shares it). */
export function printLinkKey(secretKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secretKey, Buffer.alloc(0), 'print links', 32));
}

const signature = (key: Buffer, stem: string, copy: number, expires: string) =>
  crypto.createHmac('sha256', key).update(`${stem}|${copy}|${expires}`).digest('hex').slice(0, 32);

/**
 * The name under /uploads/electronic/ that opens a stored PDF until `now` + the lifetime: signed,
 * so that neither the copy number nor the expiry can be changed, and nothing is stored per link.
 */
export function signPrintLink(key: Buffer, link: PrintLink, now = Date.now()): string {
  const stem = STORED_PDF.exec(link.file)?.[1];
  if (!stem) throw new RangeError(`not a stored PDF: ${link.file}`);
  const expires = Math.ceil((now + PRINT_LINK_LIFETIME_MS) / 1000).toString(36);
  return `${stem}-${link.copy}-${expires}-${signature(key, stem, link.copy, expires)}.pdf`;
}

/** Reads a print link: which stored PDF, which copy, or why it opens nothing. */
export function readPrintLink(key: Buffer, name: string, now = Date.now()): PrintLinkCheck {
  const match = LINK.exec(name);
  if (!match) return { valid: false, reason: 'malformed' };
  const [, stem, copyText, expires, sent] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const copy = Number(copyText);
  const expected = Buffer.from(signature(key, stem, copy, expires));
  if (!crypto.timingSafeEqual(expected, Buffer.from(sent)))
    return { valid: false, reason: 'forged' };
  const expiresAt = new Date(parseInt(expires, 36) * 1000);
  if (expiresAt.getTime() <= now) return { valid: false, reason: 'expired' };
  return { valid: true, file: `${stem}.pdf`, copy, expiresAt };
}

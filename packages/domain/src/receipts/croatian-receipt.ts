import { centsToTotal, refuse, type ReceiptScan } from './receipt.ts';
import type { ReceiptLink } from './receipt-link.ts';
import { zonedIsoTime } from './zoned-time.ts';
import { JIR, PROTECTIVE_CODE } from './receipt-number.ts';

/**
 * Croatia's fiscalised receipts:
 *
 *   https://porezna.gov.hr/rn?jir=<JIR>&datv=YYYYMMDD_HHMM&izn=<total in cents>
 *
 * with `zki=<ZKI>` in place of the JIR on a receipt issued before the JIR came back, parameters in
 * any order. The time is the shop's wall clock, in Zagreb.
 */

const HOST = 'porezna.gov.hr';
const PATH = /^\/rn\/?$/i;
/** The ZKI: an MD5 in hex. */
const ZKI = PROTECTIVE_CODE;
const DATV = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})$/;
/** The total in cents; a cancelling receipt's is negative. */
const IZN = /^(-?)(\d{1,15})$/;

/** Whether a link is a Croatian receipt's (host exact, any case). */
export function isCroatianLink(link: ReceiptLink): boolean {
  return link.host === HOST;
}

/** The JIR or the ZKI, in lower case; null unless exactly one of them is there and well formed. */
function fiscalId(params: ReadonlyMap<string, string>): string | null {
  const jir = params.get('jir');
  const zki = params.get('zki');
  if (jir !== undefined && zki === undefined && JIR.test(jir)) return jir.toLowerCase();
  if (zki !== undefined && jir === undefined && ZKI.test(zki)) return zki.toLowerCase();
  return null;
}

/** `datv` (Zagreb's wall-clock time to the minute) as an ISO instant; null when it is no time. */
function issuedAt(datv: string): string | null {
  const fields = DATV.exec(datv)?.slice(1).map(Number);
  if (!fields) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = fields;
  return zonedIsoTime('Europe/Zagreb', { year, month, day, hour, minute, second: 0 });
}

/** A Croatian receipt link's receipt, or why it cannot be used. */
export function readCroatianLink(link: ReceiptLink): ReceiptScan {
  if (!isCroatianLink(link) || !PATH.test(link.path)) return refuse('receiptUnreadable');
  const id = fiscalId(link.params);
  const time = issuedAt(link.params.get('datv') ?? '');
  const amount = IZN.exec(link.params.get('izn') ?? '');
  if (id === null || time === null || !amount) return refuse('receiptUnreadable');
  const [, sign, cents = '0'] = amount;
  if (sign === '-') return refuse('receiptRefund');
  return {
    ok: true,
    receipt: {
      country: 'HR',
      receipt_number: null,
      fiscal_id: id,
      issued_at: time,
      gross_amount: centsToTotal(BigInt(cents)),
      currency: 'EUR',
      kind: 'sale',
      seller_tax_number: null,
    },
  };
}

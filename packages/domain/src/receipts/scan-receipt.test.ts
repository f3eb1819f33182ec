import { describe, expect, it } from 'vitest';
import validation from '../i18n/locales/en/validation.json';
import {
  base64,
  receiptOf,
  refusalOf,
  SERBIAN_SALE,
  serbianBody,
  serbianLink,
  serbianRecord,
  withDigest,
} from './receipt-fixtures.ts';
import { RECEIPT_CODE_MAX_LENGTH, RECEIPT_REFUSALS, type ScannedReceipt } from './scan-receipt.ts';

describe('a code that is no receipt', () => {
  it.each([
    '',
    '   ',
    'hello',
    '4006381333931',
    'https://example.com/v/?vl=AAAA',
    'TFT1|ERIKSSON|ANNA|L898902C3|UTO|UTO|1974-08-12',
    '\u0000\u0001\u00ff\ud800',
  ])('%j is unreadable', (code) => {
    expect(refusalOf(code)).toBe('receiptUnreadable');
  });

  it('is refused at once when longer than the longest code, even a receipt padded out', () => {
    const code = serbianLink(serbianRecord());
    expect(refusalOf(code)).toBe('read');
    expect(refusalOf(code + ' '.repeat(RECEIPT_CODE_MAX_LENGTH))).toBe('receiptUnreadable');
    expect(refusalOf('x'.repeat(1_000_000))).toBe('receiptUnreadable');
  });

  it('is refused with keys of the validation catalogue', () => {
    for (const refusal of RECEIPT_REFUSALS) expect(validation).toHaveProperty(refusal);
  });
});

describe('a Serbian receipt', () => {
  const sale: ScannedReceipt = {
    country: 'RS',
    receipt_number: 'RQ4HG5TH-SG7KL2MN-14502',
    fiscal_id: null,
    issued_at: '2025-05-20T10:15:30.250Z',
    gross_amount: '1234.50',
    currency: 'RSD',
    kind: 'sale',
    seller_tax_number: null,
  };
  const link = serbianLink(serbianRecord());

  it("gives the number, the processor's time and the total of a normal sale", () => {
    expect(receiptOf(link)).toEqual(sale);
  });

  it('of Republika Srpska gives its country and currency', () => {
    const receipt = receiptOf(serbianLink(serbianRecord(), 'suf.poreskaupravars.org'));
    expect(receipt).toEqual({ ...sale, country: 'BA', currency: 'BAM' });
  });

  it('is read with a buyer id in the record', () => {
    expect(receiptOf(serbianLink(serbianRecord({ buyerId: '30:AB1234567' })))).toEqual(sale);
  });

  it.each([
    [0, 0, 'read'],
    [0, 1, 'receiptRefund'],
    [1, 0, 'receiptProForma'],
    [1, 1, 'receiptProForma'],
    [2, 0, 'receiptCopy'],
    [2, 1, 'receiptCopy'],
    [3, 0, 'receiptTraining'],
    [3, 1, 'receiptTraining'],
    [4, 0, 'receiptUnreadable'],
    [0, 2, 'receiptUnreadable'],
  ])('of invoice type %i and transaction type %i: %s', (invoiceType, transactionType, answer) => {
    expect(refusalOf(serbianLink(serbianRecord({ invoiceType, transactionType })))).toBe(answer);
  });

  it.each([
    [0n, '0.00'],
    [49n, '0.00'],
    [50n, '0.01'],
    [12_345_049n, '1234.50'],
    [12_345_050n, '1234.51'],
    [99_995_000n, '9999.50'],
    [99_999_950n, '10000.00'],
    [2n ** 64n - 1n, '1844674407370955.16'],
  ])('gives %s ten-thousandths as %s, rounded half up', (total, amount) => {
    expect(receiptOf(serbianLink(serbianRecord({ total }))).gross_amount).toBe(amount);
  });

  it('refuses a record whose digest does not match: damaged or altered', () => {
    const altered = serbianRecord();
    altered[25] = (altered[25] ?? 0) ^ 0x01;
    expect(refusalOf(serbianLink(altered))).toBe('receiptDigest');
    const badDigest = serbianRecord();
    badDigest[badDigest.length - 1] = (badDigest[badDigest.length - 1] ?? 0) ^ 0x80;
    expect(refusalOf(serbianLink(badDigest))).toBe('receiptDigest');
  });

  it('refuses a truncated record', () => {
    const record = serbianRecord();
    expect(refusalOf(serbianLink(record.subarray(0, record.length - 1)))).toBe('receiptDigest');
    expect(refusalOf(serbianLink(record.subarray(0, 59)))).toBe('receiptUnreadable');
    expect(refusalOf(serbianLink(record.subarray(0, 1)))).toBe('receiptUnreadable');
    expect(refusalOf('https://suf.purs.gov.rs/v/?vl=')).toBe('receiptUnreadable');
  });

  it('refuses a buyer id longer than the record, though its digest matches', () => {
    const body = serbianBody({ ...SERBIAN_SALE, encrypted: new Uint8Array(4) });
    body[43] = 200;
    expect(refusalOf(serbianLink(withDigest(body)))).toBe('receiptUnreadable');
  });

  it.each([0, 2, 4, 255])('refuses version %i, whose layout is unknown', (version) => {
    expect(refusalOf(serbianLink(serbianRecord({ version })))).toBe('receiptVersion');
  });

  it('refuses ids that are not printable characters and a time past the year 9999', () => {
    expect(refusalOf(serbianLink(serbianRecord({ signedBy: 'SG7 L2MN' })))).toBe(
      'receiptUnreadable',
    );
    expect(refusalOf(serbianLink(serbianRecord({ time: 2n ** 63n })))).toBe('receiptUnreadable');
  });

  it('reads URL-safe base64, with or without padding', () => {
    const standard = base64(serbianRecord());
    expect(standard).toMatch(/\+/);
    expect(standard).toMatch(/\//);
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_');
    expect(receiptOf(`https://suf.purs.gov.rs/v/?vl=${urlSafe}`)).toEqual(sale);
    expect(receiptOf(`https://suf.purs.gov.rs/v/?vl=${urlSafe.replace(/=+$/, '')}`)).toEqual(sale);
  });

  it("reads URL-encoded base64, and '+' that a reader turned into a space", () => {
    const standard = base64(serbianRecord());
    const encoded = encodeURIComponent(standard);
    expect(encoded).toMatch(/%2B/);
    expect(encoded).toMatch(/%2F/);
    expect(receiptOf(`https://suf.purs.gov.rs/v/?vl=${encoded}`)).toEqual(sale);
    expect(receiptOf(`https://suf.purs.gov.rs/v/?vl=${standard.replace(/\+/g, ' ')}`)).toEqual(
      sale,
    );
  });

  it('is read from http, https or no scheme, and a host in capitals', () => {
    for (const start of ['http://', 'https://', '', 'HTTPS://', 'https://SUF.PURS.GOV.RS']) {
      const code = start.includes('SUF')
        ? link.replace('https://suf.purs.gov.rs', start)
        : link.replace('https://', start);
      expect(receiptOf(code)).toEqual(sale);
    }
  });

  it.each([
    'https://suf.purs.gov.rs.evil.com/v/?vl=',
    'https://evilsuf.purs.gov.rs/v/?vl=',
    'https://purs.gov.rs/v/?vl=',
    'https://suf.purs.gov.rs@evil.com/v/?vl=',
    'https://suf.purs.gov.rs:444/v/?vl=',
    'https://suf.purs.gov.rs/x/?vl=',
    'https://suf.purs.gov.rs/v/?x=',
    'https://evil.com/?u=https://suf.purs.gov.rs/v/&vl=',
  ])('refuses a look-alike link %s…', (start) => {
    expect(refusalOf(`${start}${base64(serbianRecord())}`)).toBe('receiptUnreadable');
  });

  it.each(['A*AA', 'AAAAA', 'AA=A', 'AAA==', '%E0%A4%A'])(
    'refuses %s, which is no base64',
    (vl) => {
      expect(refusalOf(`https://suf.purs.gov.rs/v/?vl=${vl}`)).toBe('receiptUnreadable');
    },
  );
});

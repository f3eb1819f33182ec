import { describe, expect, it } from 'vitest';
import {
  croatianLink,
  receiptOf,
  refusalOf,
  slovenianCheckDigit,
  slovenianCode,
} from './receipt-fixtures.ts';
import { readShopReceipt, receiptSellerMatches } from './scan-receipt.ts';

const JIR = '6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13';
const ZOI = '1f0e7d6c5b4a39281706f5e4d3c2b1a0';
const TAX_NUMBER = '15012557';

describe('a Slovenian receipt', () => {
  const code = slovenianCode(ZOI, TAX_NUMBER, '250115124530');

  it('gives the ZOI, the seller and Ljubljana time, and no total', () => {
    expect(code).toHaveLength(60);
    expect(receiptOf(code)).toEqual({
      country: 'SI',
      receipt_number: null,
      fiscal_id: ZOI,
      issued_at: '2025-01-15T12:45:30+01:00',
      gross_amount: null,
      currency: 'EUR',
      kind: 'sale',
      seller_tax_number: TAX_NUMBER,
    });
    expect(receiptOf(` ${code}\r\n`).fiscal_id).toBe(ZOI);
  });

  it('keeps the ZOI 32 hex digits when it starts with zeros, and reads summer time', () => {
    const small = '000000000000000000000000000000ff';
    const receipt = receiptOf(slovenianCode(small, TAX_NUMBER, '250715093000'));
    expect(receipt.fiscal_id).toBe(small);
    expect(receipt.issued_at).toBe('2025-07-15T09:30:00+02:00');
  });

  it('refuses a wrong check digit', () => {
    const wrong = `${code.slice(0, 59)}${(Number(code[59]) + 1) % 10}`;
    expect(refusalOf(wrong)).toBe('receiptCheckDigit');
  });

  it('refuses a tax number whose own check digit is wrong, even with the right code check', () => {
    expect(refusalOf(slovenianCode(ZOI, '10000004', '250115124530'))).toBe('receiptTaxNumber');
  });

  it('refuses a ZOI larger than an MD5 and a time that is none', () => {
    const huge = `${'9'.repeat(39)}${TAX_NUMBER}250115124530`;
    expect(refusalOf(`${huge}${slovenianCheckDigit(huge)}`)).toBe('receiptUnreadable');
    expect(refusalOf(slovenianCode(ZOI, TAX_NUMBER, '251315124530'))).toBe('receiptUnreadable');
    expect(refusalOf(slovenianCode(ZOI, TAX_NUMBER, '250115244530'))).toBe('receiptUnreadable');
  });

  it('refuses 59 or 61 digits', () => {
    expect(refusalOf(code.slice(1))).toBe('receiptUnreadable');
    expect(refusalOf(`0${code}`)).toBe('receiptUnreadable');
  });

  it("matches the shop's VAT number with or without SI, and nothing else", () => {
    const receipt = receiptOf(code);
    expect(receiptSellerMatches(receipt, `SI${TAX_NUMBER}`)).toBe(true);
    expect(receiptSellerMatches(receipt, TAX_NUMBER)).toBe(true);
    expect(receiptSellerMatches(receipt, 'si 1501 2557')).toBe(true);
    expect(receiptSellerMatches(receipt, 'SI10000003')).toBe(false);
    expect(receiptSellerMatches(receipt, '')).toBe(false);
    const croatian = receiptOf(
      croatianLink([
        ['jir', JIR],
        ['datv', '20250115_1245'],
        ['izn', '1'],
      ]),
    );
    expect(receiptSellerMatches(croatian, 'SI10000003')).toBe(true);
  });
});

describe("a receipt read at a shop's counter", () => {
  const code = slovenianCode(ZOI, TAX_NUMBER, '250115124530');

  it("is the shop's when the code names the shop's tax number, or names none", () => {
    expect(readShopReceipt(code, `SI${TAX_NUMBER}`).ok).toBe(true);
    expect(readShopReceipt(code, null).ok).toBe(true);
    const croatian = croatianLink([
      ['jir', JIR],
      ['datv', '20250115_1245'],
      ['izn', '12345'],
    ]);
    expect(readShopReceipt(croatian, 'HR12345678901').ok).toBe(true);
  });

  it("is refused when the code names another seller, and keeps the code's own refusal", () => {
    expect(readShopReceipt(code, 'SI10000003')).toEqual({
      ok: false,
      refusal: 'receiptOtherSeller',
    });
    expect(readShopReceipt('hello', `SI${TAX_NUMBER}`)).toEqual({
      ok: false,
      refusal: 'receiptUnreadable',
    });
  });
});

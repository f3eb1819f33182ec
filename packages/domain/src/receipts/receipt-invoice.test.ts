import { describe, expect, it } from 'vitest';
import {
  croatianLink,
  receiptOf,
  SERBIAN_SALE,
  serbianLink,
  serbianRecord,
  slovenianCode,
} from './receipt-fixtures.ts';
import { receiptKeys } from '../forms/invoice-rows.schema.ts';
import { holdsReceipt, receiptInvoice } from './receipt-invoice.ts';
import { isReceiptId } from './receipt-number.ts';

const JIR = '6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13';

describe('a receipt as its invoice', () => {
  it('gives a Serbian receipt its number, total and the day it was in Belgrade', () => {
    // 23:30 UTC on 20 May is 01:30 on 21 May in Belgrade (summer time).
    const time = BigInt(Date.UTC(2025, 4, 20, 23, 30));
    const receipt = receiptOf(serbianLink(serbianRecord({ time })));
    expect(receiptInvoice(receipt, 'Europe/Belgrade')).toEqual({
      receipt_id: `${SERBIAN_SALE.requestedBy}-${SERBIAN_SALE.signedBy}-${SERBIAN_SALE.totalCounter}`,
      reference: `${SERBIAN_SALE.requestedBy}-${SERBIAN_SALE.signedBy}-${SERBIAN_SALE.totalCounter}`,
      day: '2025-05-21',
      gross: '1234.50',
    });
  });

  it('gives a Croatian receipt its JIR, day and total, and no number', () => {
    const receipt = receiptOf(
      croatianLink([
        ['jir', JIR],
        ['datv', '20250115_0010'],
        ['izn', '9999'],
      ]),
    );
    expect(receiptInvoice(receipt, 'Europe/Zagreb')).toEqual({
      receipt_id: JIR,
      reference: null,
      day: '2025-01-15',
      gross: '99.99',
    });
  });

  it('gives a Slovenian receipt its ZOI and day, and no total', () => {
    const zoi = '1f0e7d6c5b4a39281706f5e4d3c2b1a0';
    const receipt = receiptOf(slovenianCode(zoi, '15012557', '251231235959'));
    expect(receiptInvoice(receipt, 'Europe/Ljubljana')).toEqual({
      receipt_id: zoi,
      reference: null,
      day: '2025-12-31',
      gross: null,
    });
  });
});

describe('a receipt already on the form', () => {
  const invoices = [{ receipt_id: '' }, { receipt_id: JIR.toUpperCase() }, {}];

  it('is found whatever the case it was written in', () => {
    expect(holdsReceipt(invoices, JIR)).toBe(true);
    expect(holdsReceipt(invoices, 'another')).toBe(false);
  });

  it('is never an empty id', () => {
    expect(holdsReceipt(invoices, '')).toBe(false);
  });
});

describe('the receipts a form holds', () => {
  it('are the scanned ones, and the typed numbers that name one receipt only', () => {
    const serbian = 'RQ4HG5TH-SG7KL2MN-14502';
    expect(
      receiptKeys([
        { receipt_id: JIR, invoice_reference_number: '' },
        { receipt_id: '', invoice_reference_number: ` ${serbian} ` },
        { invoice_reference_number: serbian.toLowerCase() },
        { receipt_id: '', invoice_reference_number: '15/ILICA/1' },
        { receipt_id: '', invoice_reference_number: 'R-2026-77' },
        { receipt_id: '', invoice_reference_number: 'RQ4HG5TH-SG7KL2MN-0' },
        { receipt_id: '', invoice_reference_number: 'RQ4HG5T-SG7KL2MN-14' },
      ]),
    ).toEqual([JIR, serbian.toLowerCase()]);
    expect(holdsReceipt([{ invoice_reference_number: serbian }], serbian)).toBe(true);
  });

  it('are known by an id of the shape a scan gives, and nothing else', () => {
    for (const id of [
      JIR,
      JIR.toUpperCase(),
      '1f0e7d6c5b4a39281706f5e4d3c2b1a0',
      'RQ4HG5TH-SG7KL2MN-14502',
    ]) {
      expect(isReceiptId(id), id).toBe(true);
    }
    for (const id of [
      'hello world',
      'R-2026-77',
      '15/ILICA/1',
      `${JIR}0`,
      '1f0e7d6c5b4a39281706f5e4d3c2b1a',
    ]) {
      expect(isReceiptId(id), id).toBe(false);
    }
  });
});

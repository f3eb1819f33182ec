import type { ReceiptInvoice } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { receiptFill } from './receipt-fill';
import { emptyLine, type IssueFormValues, newFormValues } from './tax-form-values';

const SERBIAN: ReceiptInvoice = {
  receipt_id: 'RQ4HG5TH-SG7KL2MN-14502',
  reference: 'RQ4HG5TH-SG7KL2MN-14502',
  day: '2026-11-20',
  gross: '1234.50',
};
const CROATIAN: ReceiptInvoice = { ...SERBIAN, receipt_id: 'jir-1', reference: null };
const single = {
  typed: 'gross_sales_price',
  manual: false,
  multiple: false,
  firstRate: 25,
} as const;

function form(): IssueFormValues {
  return newFormValues('2026-11-27', 25);
}

describe('a scanned receipt on the form', () => {
  it('fills the one invoice: the number as the form reference, the day, the gross on its line', () => {
    const fill = receiptFill(form(), SERBIAN, single);
    expect(fill.index).toBe(0);
    expect(fill.formReference).toBe(SERBIAN.reference);
    expect(fill.saleDay).toBe('2026-11-20');
    expect(fill.invoice.receipt_id).toBe(SERBIAN.receipt_id);
    expect(fill.invoice.invoice_date).toBe('2026-11-20');
    expect(fill.invoice.breakdown).toHaveLength(1);
    expect(fill.invoice.breakdown[0]?.gross_sales_price).toBe('1234.50');
    expect(fill.invoice.breakdown[0]?.vat_product_rate).toBe('25');
    expect(fill.fields).toEqual(['reference', 'date', 'total']);
    expect(fill.totalToType).toBeNull();
  });

  it('leaves the reference as typed when the code carries no number', () => {
    const fill = receiptFill(form(), CROATIAN, single);
    expect(fill.formReference).toBeNull();
    expect(fill.fields).toEqual(['date', 'total']);
  });

  it.each([
    ['net amounts are typed', { ...single, typed: 'net_sales_amount' as const }, 1],
    ['every amount is typed by hand', { ...single, manual: true }, 1],
    ['the invoice has two VAT rates', single, 2],
  ])('gives the total to type when %s', (_case, options, lines) => {
    const values = form();
    values.invoice[0]!.breakdown = Array.from({ length: lines }, () => emptyLine(25));
    const fill = receiptFill(values, SERBIAN, options);
    expect(fill.totalToType).toBe('1234.50');
    expect(fill.fields).not.toContain('total');
    expect(fill.invoice.breakdown.every((line) => line.gross_sales_price === '0.00')).toBe(true);
  });

  it('gives no total when the code carries none', () => {
    const fill = receiptFill(form(), { ...CROATIAN, gross: null }, single);
    expect(fill.totalToType).toBeNull();
    expect(fill.fields).toEqual(['date']);
  });

  describe('with several invoices', () => {
    const multiple = { ...single, multiple: true };

    it('takes the first blank invoice and its own reference, not the form’s', () => {
      const fill = receiptFill(form(), SERBIAN, multiple);
      expect(fill.index).toBe(0);
      expect(fill.invoice.invoice_reference_number).toBe(SERBIAN.reference);
      expect(fill.formReference).toBeNull();
      expect(fill.saleDay).toBeNull();
    });

    it('adds an invoice once every invoice holds something', () => {
      const values = form();
      values.invoice[0]!.receipt_id = 'jir-0';
      const fill = receiptFill(values, CROATIAN, multiple);
      expect(fill.index).toBe(1);
      expect(fill.invoice.breakdown).toEqual([{ ...emptyLine(25), gross_sales_price: '1234.50' }]);
    });

    it('does not count an invoice with an amount typed as blank', () => {
      const values = form();
      values.invoice[0]!.breakdown[0]!.gross_sales_price = '10.00';
      expect(receiptFill(values, CROATIAN, multiple).index).toBe(1);
    });
  });
});

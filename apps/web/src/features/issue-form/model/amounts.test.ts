import type { AmountSettings } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import {
  computeInvoiceValues,
  computeProductTotals,
  invoiceAmounts,
  manualInvoiceValues,
  sumInvoiceTotals,
} from './amounts';
import { emptyInvoice, emptyProduct, type InvoiceValues } from './tax-form-values';

const fullVat = { source: 'VAT_AMOUNT', tiers: [] } as const;
const gross: AmountSettings = {
  purchaseAmountType: 'GROSS_AMOUNT',
  refund: { ...fullVat, tiers: [] },
};
const net: AmountSettings = { purchaseAmountType: 'NET_AMOUNT', refund: { ...fullVat, tiers: [] } };

function invoiceWith(lines: { rate: string; net?: string; gross?: string }[]): InvoiceValues {
  return {
    ...emptyInvoice('2026-03-05', 25),
    breakdown: lines.map((line) => ({
      vat_product_rate: line.rate,
      net_sales_amount: line.net ?? '0.00',
      vat_amount: '0.00',
      gross_sales_price: line.gross ?? '0.00',
      customer_refund: '0.00',
    })),
  };
}

describe('computeInvoiceValues', () => {
  it('computes VAT, net and refund from a typed gross amount', () => {
    const result = computeInvoiceValues(invoiceWith([{ rate: '25', gross: '100.00' }]), gross);
    expect(result.breakdown[0]).toMatchObject({
      gross_sales_price: '100.00',
      vat_amount: '20.00',
      net_sales_amount: '80.00',
      customer_refund: '20.00',
    });
    expect(result).toMatchObject({
      gross_sales_price: '100.00',
      vat_amount: '20.00',
      net_amount: '80.00',
      customer_refund: '20.00',
      refund_amount: '20.00',
    });
  });

  it('computes VAT and gross from a typed net amount, rounding half away from zero', () => {
    const result = computeInvoiceValues(invoiceWith([{ rate: '13', net: '10.50' }]), net);
    // 10.50 × 13 % = 1.365 → 1.37
    expect(result.breakdown[0]).toMatchObject({
      net_sales_amount: '10.50',
      vat_amount: '1.37',
      gross_sales_price: '11.87',
    });
  });

  it('counts an amount past what a form holds as nothing, beside the amounts it can hold', () => {
    const result = computeInvoiceValues(
      invoiceWith([
        { rate: '25', gross: '100.00' },
        { rate: '25', gross: '99999999999999999999' },
      ]),
      gross,
    );
    expect(result.breakdown[1]).toMatchObject({ vat_amount: '0.00', customer_refund: '0.00' });
    expect(result).toMatchObject({ gross_sales_price: '100.00', customer_refund: '20.00' });
  });

  it('sums the lines into the totals', () => {
    const result = computeInvoiceValues(
      invoiceWith([
        { rate: '25', net: '100' },
        { rate: '5', net: '20.00' },
      ]),
      net,
    );
    expect(result).toMatchObject({
      net_amount: '120.00',
      vat_amount: '26.00',
      gross_sales_price: '146.00',
    });
  });

  it('counts a negative amount, or text its input could not read, as 0 and keeps what was typed', () => {
    const result = computeInvoiceValues(
      invoiceWith([
        { rate: '25', net: '-5' },
        { rate: '25', net: 'abc' },
        // Kept as typed by its input: not an amount in English.
        { rate: '25', net: '20,00' },
      ]),
      net,
    );
    expect(result.breakdown.map((line) => line.net_sales_amount)).toEqual(['-5', 'abc', '20,00']);
    expect(result.breakdown.map((line) => line.vat_amount)).toEqual(['0.00', '0.00', '0.00']);
    expect(result.gross_sales_price).toBe('0.00');
  });
});
describe('manual amounts (no_auto_calculation)', () => {
  it('keeps each line as typed and sums the lines into the invoice', () => {
    const invoice = invoiceWith([
      { rate: '25', net: '80.00', gross: '100.00' },
      { rate: '13', net: '10.00', gross: '11.30' },
    ]);
    invoice.breakdown[0]!.vat_amount = '20.00';
    invoice.breakdown[0]!.customer_refund = '15.00';
    invoice.breakdown[1]!.vat_amount = '1.30';
    invoice.breakdown[1]!.customer_refund = '1.00';
    const result = manualInvoiceValues(invoice);
    expect(result.breakdown).toBe(invoice.breakdown);
    expect(result).toMatchObject({
      net_amount: '90.00',
      vat_amount: '21.30',
      gross_sales_price: '111.30',
      customer_refund: '16.00',
      refund_amount: '16.00',
    });
    expect(invoiceAmounts(invoice, gross, true)).toEqual(result);
    expect(invoiceAmounts(invoice, gross, false).vat_amount).toBe('21.30');
  });

  it('adds invoices into the form totals', () => {
    const a = computeInvoiceValues(invoiceWith([{ rate: '25', gross: '100' }]), gross);
    const b = computeInvoiceValues(invoiceWith([{ rate: '25', gross: '50' }]), gross);
    expect(sumInvoiceTotals([a, b])).toEqual({
      net_amount: '120.00',
      vat_amount: '30.00',
      gross_sales_price: '150.00',
      customer_refund: '30.00',
    });
  });
});

describe('computeProductTotals', () => {
  it('computes the rows as one invoice of net amounts (computeProducts)', () => {
    const rows = [
      { ...emptyProduct('2026-03-05', 25), net_amount: '100.00' },
      { ...emptyProduct('2026-03-05', 13), net_amount: '10.50', quantity: '3' },
    ];
    expect(computeProductTotals(rows, gross)).toEqual({
      net_amount: '110.50',
      vat_amount: '26.37',
      gross_sales_price: '136.87',
      customer_refund: '26.37',
    });
  });

  it('starts a row with quantity 1 and the first rate', () => {
    expect(emptyProduct('2026-03-05', 25)).toMatchObject({
      quantity: '1',
      vat_rate: '25',
      net_amount: '',
      simplified_invoice_date: '2026-03-05',
    });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountMismatches,
  computeFormAmounts,
  computeInvoice,
  computeProducts,
  manualFormAmounts,
  manualLineTotals,
  productInvoices,
} from './tax-form-amounts.rules.ts';
import { invoicePayloadSchema, productRowPayloadSchema } from './tax-form-payload.schema.ts';
import { parseSetting, refundCalculationSettingSchema } from '../settings/settings.schema.ts';

const fullVat = parseSetting(refundCalculationSettingSchema, {});
const sixtyPercent = parseSetting(refundCalculationSettingSchema, {
  source: 'GROSS_AMOUNT',
  tiers: [{ from: 10_000, to: null, percentage: 60 }],
});
const gross = { purchaseAmountType: 'GROSS_AMOUNT', refund: sixtyPercent } as const;
const net = { purchaseAmountType: 'NET_AMOUNT', refund: fullVat } as const;

const invoice = (value: Record<string, unknown>) => invoicePayloadSchema.parse(value);

describe('recomputed amounts', () => {
  it('computes an invoice from its lines as typed (gross) and spreads the refund by VAT', () => {
    const computed = computeInvoice(
      invoice({
        breakdown: [
          { vat_product_rate: 25, net_sales_amount: 0, gross_sales_price: 125 },
          { vat_product_rate: 5, net_sales_amount: 0, gross_sales_price: 21 },
        ],
      }),
      gross,
    );
    expect(computed).toMatchObject({ net: 12_000, vat: 2_600, gross: 14_600, refund: 1_560 });
    expect(computed.lines.map((l) => [l.rate, l.vat, l.refund])).toEqual([
      [25, 2_500, 1_500],
      [5, 100, 60],
    ]);
  });

  it('computes from the net when amounts are entered net', () => {
    const computed = computeInvoice(
      invoice({ breakdown: [{ vat_product_rate: 13, net_sales_amount: 10.5 }] }),
      net,
    );
    expect(computed).toMatchObject({ net: 1_050, vat: 137, gross: 1_187, refund: 137, fee: 0 });
  });

  it('reads an invoice without lines as one line at its rate', () => {
    const computed = computeInvoice(
      invoice({ gross_sales_price: 125, vat_product_rate: 25 }),
      gross,
    );
    expect(computed).toMatchObject({ net: 10_000, vat: 2_500, refund: 1_500, fee: 1_000 });
  });

  it('adds up a form over its invoices, or over its product rows', () => {
    const form = computeFormAmounts(
      {
        invoice: [
          invoice({ gross_sales_price: 125, vat_product_rate: 25 }),
          invoice({ gross_sales_price: 50, vat_product_rate: 25 }),
        ],
        products: [],
      },
      { ...gross, productsMode: false },
    );
    // the second invoice is below the 100.00 minimum: no refund for it
    expect(form).toMatchObject({ gross: 17_500, vat: 3_500, refund: 1_500, fee: 2_000 });
    const products = computeProducts(
      [
        productRowPayloadSchema.parse({
          classification: '61',
          description: 'Jacket',
          quantity: 2,
          net_amount: 200,
          vat_rate: 25,
        }),
      ],
      net,
    );
    expect(products).toMatchObject({ net: 20_000, vat: 5_000, gross: 25_000, refund: 5_000 });
  });

  it('computes products mode VAT on each rate’s total, as a receipt does, not row by row', () => {
    const row = (net_amount: number, vat_rate: number) =>
      productRowPayloadSchema.parse({
        classification: 'SOUVENIRS',
        description: 'Magnet',
        quantity: 1,
        net_amount,
        vat_rate,
      });
    // 13 % of 0.10 rounds to 0.01 each; 13 % of 0.30 is 0.039, 0.04.
    const computed = computeProducts([row(0.1, 13), row(0.1, 13), row(0.1, 13), row(2, 25)], net);
    expect(computed.lines).toEqual([
      { rate: 25, net: 200, vat: 50, gross: 250, refund: 50 },
      { rate: 13, net: 30, vat: 4, gross: 34, refund: 4 },
    ]);
    expect(computed).toMatchObject({ net: 230, vat: 54, gross: 284 });
  });

  it('computes a rate’s VAT on its rows together: three rows of 1.12 at 13 % have 0.44, not 0.45', () => {
    const row = productRowPayloadSchema.parse({
      classification: 'SOUVENIRS',
      description: 'Postcards',
      net_amount: 1.12,
      vat_rate: 13,
    });
    // Row by row, 13 % of 1.12 is 0.1456, 0.15 each; 13 % of 3.36 is 0.4368, 0.44.
    const computed = computeProducts([row, row, row], net);
    expect(computed.lines).toEqual([{ rate: 13, net: 336, vat: 44, gross: 380, refund: 44 }]);
    expect(computed).toMatchObject({ net: 336, vat: 44, gross: 380 });
  });

  it('groups product rows by their simplified invoice, the rows without one as the form’s own', () => {
    const row = (simplified_invoice_number: string) =>
      productRowPayloadSchema.parse({
        classification: 'CLOTHING',
        description: 'Scarf',
        net_amount: 10,
        vat_rate: 25,
        simplified_invoice_number,
      });
    const rows = [row('S-2'), row(''), row('S-1'), row('S-2'), row('')];
    expect(
      productInvoices(rows).map((found) => [found.number, found.firstRow, found.rows.length]),
    ).toEqual([
      ['S-2', 0, 2],
      ['', 1, 2],
      ['S-1', 2, 1],
    ]);
    expect(productInvoices([])).toEqual([]);
  });

  it('keeps gross = net + VAT and 0 ≤ refund ≤ VAT, with line refunds adding up', () => {
    const line = fc.record({
      vat_product_rate: fc.constantFrom(5, 13, 25),
      gross_sales_price: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
      net_sales_amount: fc.constant(0),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (breakdown) => {
        const computed = computeInvoice(invoice({ breakdown }), gross);
        expect(computed.gross).toBe(computed.net + computed.vat);
        expect(computed.refund).toBeGreaterThanOrEqual(0);
        expect(computed.refund).toBeLessThanOrEqual(computed.vat);
        expect(computed.lines.reduce((sum, l) => sum + l.refund, 0)).toBe(computed.refund);
      }),
    );
  });

  it('lists the amounts that disagree with the lines by more than a cent', () => {
    const sent = invoice({
      gross_sales_price: 125,
      vat_amount: 25.01,
      customer_refund: 16,
      refund_amount: 15,
      breakdown: [
        {
          vat_product_rate: 25,
          net_sales_amount: 100,
          vat_amount: 25,
          gross_sales_price: 125,
          customer_refund: 15,
        },
      ],
    });
    expect(amountMismatches([sent], gross)).toEqual([
      { path: 'invoice.0.customer_refund', sent: 16, computed: 15 },
    ]);
  });
});

describe('amounts typed by hand', () => {
  const line = (
    net: number | string,
    vat: number | string,
    gross: number | string,
    refund: number | string,
  ) => ({
    net_sales_amount: net,
    vat_amount: vat,
    gross_sales_price: gross,
    customer_refund: refund,
  });

  it('sums the lines to the cent, a half-typed negative counting as nothing', () => {
    expect(
      manualLineTotals([line('80.10', '20.03', '100.13', '15'), line(0.2, 0.05, 0.25, '-1')]),
    ).toEqual({
      net: 8030,
      vat: 2008,
      gross: 10038,
      refund: 1500,
    });
    expect(manualLineTotals([])).toEqual({ net: 0, vat: 0, gross: 0, refund: 0 });
  });

  it('keeps each invoice as sent, its net the sum of its lines and its fee what the refund leaves', () => {
    const typed = invoice({
      invoice_date: '2025-05-30',
      gross_sales_price: 500,
      vat_amount: 500,
      customer_refund: 400,
      refund_amount: 400,
      breakdown: [
        {
          vat_product_rate: 25,
          net_sales_amount: 0,
          vat_amount: 500,
          gross_sales_price: 500,
          customer_refund: 400,
        },
      ],
    });
    const form = manualFormAmounts({ invoice: [typed, typed] });
    expect(form.invoices[0]).toEqual({
      lines: [{ rate: 25, net: 0, vat: 50_000, gross: 50_000, refund: 40_000 }],
      net: 0,
      vat: 50_000,
      gross: 50_000,
      refund: 40_000,
      fee: 10_000,
    });
    expect(form).toMatchObject({
      net: 0,
      vat: 100_000,
      gross: 100_000,
      refund: 80_000,
      fee: 20_000,
    });
  });

  it('gives an invoice typed as its totals alone the net its VAT leaves of its gross', () => {
    const totals = invoice({ gross_sales_price: 500, vat_amount: 100, customer_refund: 90 });
    expect(manualFormAmounts({ invoice: [totals] }).invoices[0]).toEqual({
      lines: [],
      net: 40_000,
      vat: 10_000,
      gross: 50_000,
      refund: 9_000,
      fee: 1_000,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES, type SupportedCountry } from '../countries/country-table.ts';
import { decideIssue } from './decide-issue.ts';
import { allowed, formPayload, issueContext, productRow, refusalOf } from './decision-fixtures.ts';

/**
 * Forms of products (products_in_tfs_form): the goods a country never refunds, the minimum
 * counted on each simplified invoice or over the form, the country's rates on the rows, and
 * amounts always computed from the rows.
 */

const productsContext = (country: SupportedCountry) =>
  issueContext(country, { taxFree: { products_in_tfs_form: 1 } });

type Row = Parameters<typeof productRow>[0];
const productsForm = (rows: Row[], taxform: Record<string, unknown> = {}) =>
  formPayload({ taxform, invoice: [], products: rows.map(productRow) });

/** A row of 200.00 net of `classification`, at the country's highest rate. */
const goods = (country: SupportedCountry, classification: string) =>
  productsForm([{ net: 200, rate: COUNTRY_RULES[country].vatRates[0]!, classification }]);

/** Each excluded kind of goods, in words and by a Combined Nomenclature code, and its message. */
const EXCLUDED = [
  { classification: 'ALCOHOL', message: 'goodsExcludedAlcohol' },
  { classification: 'TOBACCO', message: 'goodsExcludedTobacco' },
  { classification: 'MINERAL_OILS', message: 'goodsExcludedMineralOils' },
  { classification: '2208 30 11', message: 'goodsExcludedAlcohol' },
  { classification: '2402.20.90', message: 'goodsExcludedTobacco' },
  { classification: '27101241', message: 'goodsExcludedMineralOils' },
];

describe('goods a country does not refund', () => {
  describe.each(['SI', 'BA'] as const)('%s', (country) => {
    it('refunds clothing, in words or by its code', () => {
      expect(
        refusalOf(decideIssue(goods(country, 'CLOTHING'), productsContext(country))),
      ).toBeNull();
      expect(
        refusalOf(decideIssue(goods(country, '6109 10 00'), productsContext(country))),
      ).toBeNull();
    });

    it.each(EXCLUDED)('refuses $classification', ({ classification, message }) => {
      expect(
        refusalOf(decideIssue(goods(country, classification), productsContext(country))),
      ).toEqual({
        code: 'VALIDATION_FAILED',
        issues: [['products.0.classification', message, {}]],
      });
    });
  });

  describe.each(['HR', 'RS'] as const)('%s', (country) => {
    it.each(EXCLUDED)('refunds $classification', ({ classification }) => {
      const rate = COUNTRY_RULES[country].vatRates[0]!;
      // Serbia's minimum is 6,000.00 RSD over the form.
      const net = country === 'RS' ? 7_000 : 200;
      const form = productsForm([{ net, rate, classification }]);
      expect(refusalOf(decideIssue(form, productsContext(country)))).toBeNull();
    });
  });
});

describe('the minimum on a form of products', () => {
  it('counts a minimum per invoice on each simplified invoice: two of 60.00 EUR fall short', () => {
    // 48.00 net at 25 % is 60.00 with VAT.
    const short = { minimum: '100.01 EUR', missing: '40.01 EUR' };
    const twoInvoices = productsForm([
      { net: 48, rate: 25, invoice: 'S-1' },
      { net: 48, rate: 25, invoice: 'S-2' },
    ]);
    expect(refusalOf(decideIssue(twoInvoices, productsContext('HR')))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [
        ['products.0.simplified_invoice_number', 'belowMinimumPerInvoice', short],
        ['products.1.simplified_invoice_number', 'belowMinimumPerInvoice', short],
      ],
    });
    const oneInvoice = productsForm([
      { net: 48, rate: 25, invoice: 'S-1' },
      { net: 48, rate: 25, invoice: 'S-1' },
    ]);
    expect(refusalOf(decideIssue(oneInvoice, productsContext('HR')))).toBeNull();
  });

  it('adds up the simplified invoices where the minimum counts over the form (Serbia)', () => {
    // 2,500.00 net at 20 % is 3,000.00 with VAT: 6,000.00 over the two.
    const form = productsForm([
      { net: 2500, rate: 20, invoice: 'S-1' },
      { net: 2500, rate: 20, invoice: 'S-2' },
    ]);
    expect(allowed(decideIssue(form, productsContext('RS'))).computed.gross).toBe(6_000_00);
    const short = productsForm([
      { net: 2500, rate: 20, invoice: 'S-1' },
      { net: 2499.99, rate: 20, invoice: 'S-2' },
    ]);
    expect(refusalOf(decideIssue(short, productsContext('RS')))?.issues).toEqual([
      ['products', 'belowMinimumPerForm', { minimum: '6000.00 RSD', missing: '0.01 RSD' }],
    ]);
  });
});

describe('rates and amounts on a form of products', () => {
  it('refuses a row at a rate the country does not have', () => {
    expect(
      refusalOf(decideIssue(productsForm([{ net: 200, rate: 22 }]), productsContext('HR'))),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['products.0.vat_rate', 'vatRateNotAllowed', { rate: 22, rates: '25, 13, 5' }]],
    });
  });

  it('computes the amounts from the rows, whatever the typed-by-hand box says', () => {
    const form = allowed(
      decideIssue(
        productsForm([{ net: 200, rate: 25 }], { no_auto_calculation: 1 }),
        productsContext('HR'),
      ),
    );
    expect(form.payload.taxform.no_auto_calculation).toBe(0);
    expect(form.computed).toMatchObject({ net: 200_00, vat: 50_00, gross: 250_00 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  isAboveCeiling,
  STORABLE_AMOUNT_CEILING,
  type CountryRules,
} from '../countries/country-rules.ts';
import { COUNTRY_RULES, SUPPORTED_COUNTRIES } from '../countries/country-table.ts';
import { lineFromGross } from '../money/breakdown.rules.ts';
import { MAX_AMOUNT } from './wire-fields.schema.ts';
import { parseSetting, refundCalculationSettingSchema } from '../settings/settings.schema.ts';
import {
  ABOVE_CEILING_MESSAGE,
  ceilingIssues,
  countryRuleIssues,
  eligibilitySummary,
  type CountryCheckContext,
} from './country-checks.rules.ts';
import { computeFormAmounts, manualFormAmounts } from './tax-form-amounts.rules.ts';
import { taxFormPayloadSchema, type TaxFormPayload } from './tax-form-payload.schema.ts';

const today = '2026-05-20';
const fullVat = parseSetting(refundCalculationSettingSchema, {});
/** China, in the numbering the checks are given: a traveller every country may refund. */
const CN = 48;
const isoOf = (id: number) => (id === CN ? 'CN' : null);

function context(rules: CountryRules, overrides: Partial<CountryCheckContext> = {}) {
  return { rules, today, productsMode: false, refund: fullVat, isoOf, ...overrides };
}

const TRAVELLER = {
  traveler_name: 'Wei',
  traveler_surname: 'Zhang',
  traveler_mobile: '+8613800138000',
  passport: 'E1234567',
  issued_govt: CN,
  traveler_address: 'Beijing',
  items: 'Watches',
  method_of_refund: 'option5',
  date_of_sales: today,
};

/** A form of invoices, each one line typed as its gross (currency units) at `rate`. */
function invoicesForm(grosses: number[], rate: number): TaxFormPayload {
  return taxFormPayloadSchema.parse({
    taxform: TRAVELLER,
    invoice: grosses.map((gross) => ({
      invoice_date: today,
      breakdown: [{ vat_product_rate: rate, net_sales_amount: 0, gross_sales_price: gross }],
    })),
  });
}

function ceilingFound(rules: CountryRules, payload: TaxFormPayload, productsMode = false) {
  const computed = computeFormAmounts(payload, {
    purchaseAmountType: 'GROSS_AMOUNT',
    refund: fullVat,
    productsMode,
  });
  return countryRuleIssues(payload, computed, context(rules, { productsMode }))
    .filter((issue) => issue.message === ABOVE_CEILING_MESSAGE)
    .map((issue) => [issue.path.join('.'), issue.params]);
}

describe('the ceiling of one form, by each country’s rule', () => {
  it('is data of every country, far above any purchase and inside what numeric(14,2) stores', () => {
    expect(SUPPORTED_COUNTRIES.map((country) => COUNTRY_RULES[country].purchaseCeiling)).toEqual([
      1_000_000_00, 1_000_000_00, 100_000_000_00, 2_000_000_00,
    ]);
    for (const country of SUPPORTED_COUNTRIES) {
      const { purchaseCeiling, minimumPurchase } = COUNTRY_RULES[country];
      expect(purchaseCeiling).toBeGreaterThan(1000 * minimumPurchase.amount);
      // Fifty invoices at the ceiling still sum inside the column (and exactly, in a double).
      expect(50 * purchaseCeiling).toBeLessThan(STORABLE_AMOUNT_CEILING);
    }
    expect(STORABLE_AMOUNT_CEILING / 100).toBe(MAX_AMOUNT);
  });

  it('takes a Croatian form of exactly 1,000,000.00 EUR and refuses one cent more', () => {
    expect(ceilingFound(COUNTRY_RULES.HR, invoicesForm([600_000, 400_000], 25))).toEqual([]);
    expect(ceilingFound(COUNTRY_RULES.HR, invoicesForm([600_000, 400_000.01], 25))).toEqual([
      ['invoice', { ceiling: '1,000,000.00 EUR' }],
    ]);
  });

  it('names each country’s ceiling in its currency', () => {
    const justAbove = (rules: CountryRules) =>
      ceilingFound(rules, invoicesForm([rules.purchaseCeiling / 100 + 0.01], rules.vatRates[0]!));
    expect(justAbove(COUNTRY_RULES.SI)).toEqual([['invoice', { ceiling: '1,000,000.00 EUR' }]]);
    expect(justAbove(COUNTRY_RULES.RS)).toEqual([['invoice', { ceiling: '100,000,000.00 RSD' }]]);
    expect(justAbove(COUNTRY_RULES.BA)).toEqual([['invoice', { ceiling: '2,000,000.00 BAM' }]]);
    for (const rules of [COUNTRY_RULES.SI, COUNTRY_RULES.RS, COUNTRY_RULES.BA]) {
      const atCeiling = invoicesForm([rules.purchaseCeiling / 100], rules.vatRates[0]!);
      expect(ceilingFound(rules, atCeiling)).toEqual([]);
    }
  });

  it('refuses two invoices of the largest amount a field takes, whose sum no column holds', () => {
    const found = ceilingFound(COUNTRY_RULES.HR, invoicesForm([MAX_AMOUNT, MAX_AMOUNT], 25));
    expect(found).toEqual([['invoice', { ceiling: '1,000,000.00 EUR' }]]);
  });

  it('bounds the refund too: 199,999,999,999.99 EUR of VAT refunded on one invoice', () => {
    const payload = invoicesForm([999_999_999_999.95], 25);
    expect(lineFromGross(99_999_999_999_995, 25).vat).toBe(19_999_999_999_999);
    expect(ceilingFound(COUNTRY_RULES.HR, payload)).toHaveLength(1);
  });

  it('counts a form of products on its rows: their net with the VAT a rate adds', () => {
    const products = (net: number) =>
      taxFormPayloadSchema.parse({
        taxform: TRAVELLER,
        products: [
          { classification: 'WATCHES', description: 'Watch', net_amount: net, vat_rate: 25 },
        ],
      });
    // 800,000.00 net at 25 % is 1,000,000.00 with VAT; a cent more of net passes it.
    expect(ceilingFound(COUNTRY_RULES.HR, products(800_000), true)).toEqual([]);
    expect(ceilingFound(COUNTRY_RULES.HR, products(800_000.01), true)).toEqual([
      ['products', { ceiling: '1,000,000.00 EUR' }],
    ]);
  });

  it('bounds amounts typed by hand on their totals, whichever of them passes', () => {
    const typed = (line: { gross: number; vat: number; net: number; refund: number }) =>
      manualFormAmounts(
        taxFormPayloadSchema.parse({
          taxform: { ...TRAVELLER, no_auto_calculation: 1 },
          invoice: [
            {
              gross_sales_price: line.gross,
              vat_amount: line.vat,
              customer_refund: line.refund,
              breakdown: Array.from({ length: 20 }, () => ({
                vat_product_rate: 25,
                gross_sales_price: line.gross / 20,
                vat_amount: line.vat / 20,
                net_sales_amount: line.net,
                customer_refund: line.refund / 20,
              })),
            },
          ],
        }),
      );
    const ceiling = COUNTRY_RULES.HR.purchaseCeiling;
    const options = { ceiling, currency: 'EUR', productsMode: false };
    // Twenty lines of a huge net sum to more than any column holds, whatever the gross says.
    const hugeNet = typed({ gross: 500, vat: 100, net: MAX_AMOUNT, refund: 100 });
    expect(hugeNet.net).toBeGreaterThan(STORABLE_AMOUNT_CEILING);
    expect(ceilingIssues(hugeNet, options)).toHaveLength(1);
    expect(ceilingIssues(typed({ gross: 500, vat: 100, net: 20, refund: 100 }), options)).toEqual(
      [],
    );
  });

  it('bounds a company without a country’s rules by what the columns store', () => {
    const totals = { net: 0, vat: 0, gross: STORABLE_AMOUNT_CEILING, refund: 0 };
    expect(isAboveCeiling(STORABLE_AMOUNT_CEILING, totals)).toBe(false);
    expect(isAboveCeiling(STORABLE_AMOUNT_CEILING, { ...totals, gross: totals.gross + 1 })).toBe(
      true,
    );
    expect(isAboveCeiling(STORABLE_AMOUNT_CEILING, { ...totals, refund: totals.gross + 1 })).toBe(
      true,
    );
  });

  it('shows the amounts’ line of the summary, not met, for a form above its ceiling', () => {
    const payload = invoicesForm([1_000_000.01], 25);
    const computed = computeFormAmounts(payload, {
      purchaseAmountType: 'GROSS_AMOUNT',
      refund: fullVat,
      productsMode: false,
    });
    const summary = eligibilitySummary(payload, computed, context(COUNTRY_RULES.HR));
    const amounts = summary.find((line) => line.rule === 'amounts');
    expect(amounts?.issues.map((issue) => issue.message)).toEqual([ABOVE_CEILING_MESSAGE]);
    expect(summary.filter((line) => line.issues.length > 0).map((line) => line.rule)).toEqual([
      'amounts',
    ]);
  });
});

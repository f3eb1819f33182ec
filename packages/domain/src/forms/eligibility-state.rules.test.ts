import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES } from '../countries/country-table.ts';
import { parseSetting, refundCalculationSettingSchema } from '../settings/settings.schema.ts';
import { eligibilitySummary } from './country-checks.rules.ts';
import { eligibilityState, judgeEligibilityLines } from './eligibility-state.rules.ts';
import { computeFormAmounts } from './tax-form-amounts.rules.ts';
import { taxFormPayloadSchema, type TaxFormPayload } from './tax-form-payload.schema.ts';

const today = '2026-05-20';
const COUNTRY_IDS: Record<number, string> = { 42: 'BA', 98: 'HR', 190: 'RS' };
const refund = parseSetting(refundCalculationSettingSchema, {});

/** A Croatian shop's form; the traveller fields a rule reads are left as `taxform` says. */
function payload(taxform: Record<string, unknown>, gross = 0): TaxFormPayload {
  const parsed = taxFormPayloadSchema.parse({
    taxform: {
      traveler_name: '-',
      traveler_surname: '-',
      traveler_mobile: '-',
      passport: '-',
      issued_govt: 98,
      traveler_address: '-',
      method_of_refund: 'option5',
      date_of_sales: today,
    },
    invoice: [
      {
        invoice_date: today,
        breakdown: [{ vat_product_rate: 25, net_sales_amount: 0, gross_sales_price: gross }],
      },
    ],
  });
  return { ...parsed, taxform: { ...parsed.taxform, passport: '', ...taxform } };
}

function states(form: TaxFormPayload, isAttempted = false) {
  const computed = computeFormAmounts(form, {
    purchaseAmountType: 'GROSS_AMOUNT',
    refund,
    productsMode: false,
  });
  const lines = eligibilitySummary(form, computed, {
    rules: COUNTRY_RULES.HR,
    today,
    productsMode: false,
    refund,
    isoOf: (id) => COUNTRY_IDS[id] ?? null,
  });
  const judged = judgeEligibilityLines(lines, form, { productsMode: false });
  return Object.fromEntries(
    judged.map((line) => [line.rule, eligibilityState(line, { isAttempted })]),
  );
}

describe('the eligibility lines of a form being filled in', () => {
  it('judges nothing on a new form, whatever its defaults would break', () => {
    // The default issuing country is the shop's own: its residents get no refund, yet no
    // traveller has been named.
    expect(states(payload({}))).toEqual({
      minimum: 'unchecked',
      residence: 'unchecked',
      document: 'unchecked',
      exportWindow: 'unchecked',
      rates: 'unchecked',
      goods: 'unchecked',
    });
  });

  it('judges the traveller once named, the document once its expiry is known', () => {
    const named = states(payload({ passport: 'P123', issued_govt: 190 }));
    expect(named.residence).toBe('met');
    expect(named.document).toBe('unchecked');
    expect(states(payload({ passport: 'P123' })).residence).toBe('notMet');
    expect(states(payload({ passport_expiry: '2030-01-01' })).document).toBe('met');
    expect(states(payload({ passport_expiry: '2020-01-01' })).document).toBe('notMet');
    expect(states(payload({ traveler_dob: '2030-01-01' })).document).toBe('notMet');
  });

  it('judges the purchase once an amount is entered', () => {
    const small = states(payload({ items: 'Coat' }, 40));
    expect(small).toMatchObject({ minimum: 'notMet', rates: 'met', exportWindow: 'met' });
    expect(small.goods).toBe('met');
    expect(states(payload({}, 40)).goods).toBe('notMet');
    expect(states(payload({ items: 'Coat' })).goods).toBe('met');
  });

  it('shows what holds the form back once issuing was attempted, and nothing it cannot judge', () => {
    const attempted = states(payload({}), true);
    expect(attempted).toMatchObject({ minimum: 'notMet', goods: 'notMet' });
    expect(attempted.document).toBe('unchecked');
  });
});

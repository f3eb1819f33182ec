import { type AmountSettings, COUNTRY_RULES, type CountryOption } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { formEligibility, isEligible, isoLookup, summaryPayload } from './eligibility';
import { newFormValues } from './tax-form-values';

const TODAY = '2026-03-05';
const COUNTRIES: CountryOption[] = [
  { id: 42, text: 'Bosnia and Herzegovina', ISO3: 'BIH', ISO2: 'BA', is_eu: 0 },
  { id: 98, text: 'Croatia', ISO3: 'HRV', ISO2: 'HR', is_eu: 1 },
];
const AMOUNTS: AmountSettings = {
  purchaseAmountType: 'GROSS_AMOUNT',
  refund: { source: 'VAT_AMOUNT', tiers: [] },
};
const options = {
  rules: COUNTRY_RULES.SI,
  amounts: AMOUNTS,
  productsMode: false,
  today: TODAY,
  isoOf: isoLookup(COUNTRIES),
};

/** A new Slovenian form with one line of `gross` at 22 % and its purchase described. */
function form(gross: string) {
  const values = newFormValues(TODAY, 22);
  values.taxform.items = 'Winter coat';
  values.invoice[0]!.breakdown[0]!.gross_sales_price = gross;
  return values;
}

const lineOf = (lines: ReturnType<typeof formEligibility>, rule: string) =>
  lines.find((line) => line.rule === rule);

describe('formEligibility', () => {
  it('judges a form still missing the traveller on what it already says', () => {
    const lines = formEligibility(form('40.00'), options);
    expect(lineOf(lines, 'minimum')?.issues).toEqual([
      expect.objectContaining({
        message: 'belowMinimumPerInvoice',
        params: { minimum: '50.01 EUR', missing: '10.01 EUR' },
      }),
    ]);
    expect(lines.filter((line) => line.issues.length === 0).map((line) => line.rule)).toEqual([
      'residence',
      'document',
      'exportWindow',
      'rates',
      'goods',
    ]);
    expect(isEligible(formEligibility(form('80.00'), options))).toBe(true);
  });

  it('counts an amount its field cannot read as none, in the language it is typed in', () => {
    const none = formEligibility(form(''), options);
    expect(formEligibility(form('0,500'), options)).toEqual(none);
    expect(formEligibility(form('12,34'), options)).toEqual(none);
    expect(formEligibility(form('0.500'), { ...options, language: 'hr' })).toEqual(none);
    // What the language reads is counted: 12,34 in Croatian is 12.34.
    expect(
      lineOf(formEligibility(form('12,34'), { ...options, language: 'hr' }), 'minimum')?.issues,
    ).toEqual([
      expect.objectContaining({ params: { minimum: '50.01 EUR', missing: '37.67 EUR' } }),
    ]);
  });

  it('leaves the export window unjudged while a date it runs from cannot be read', () => {
    const values = form('80.00');
    expect(lineOf(formEligibility(values, options), 'exportWindow')?.isJudged).toBe(true);
    values.invoice[0]!.invoice_date = '31.02.2026';
    expect(lineOf(formEligibility(values, options), 'exportWindow')?.isJudged).toBe(false);
    values.invoice[0]!.invoice_date = '2026-03-01';
    expect(lineOf(formEligibility(values, options), 'exportWindow')?.isJudged).toBe(true);
  });

  it('asks for proof of a residence outside the EU when the document was issued in it', () => {
    const values = form('80.00');
    values.taxform.issued_govt = '98';
    expect(lineOf(formEligibility(values, options), 'residence')?.issues[0]?.message).toBe(
      'residenceNotEligible',
    );
    values.taxform.residence_country = '42';
    expect(lineOf(formEligibility(values, options), 'residence')?.issues[0]).toMatchObject({
      path: ['taxform', 'residence_proof'],
      message: 'residenceProofRequired',
    });
    values.taxform.residence_proof = 'Permit 123/2025';
    expect(isEligible(formEligibility(values, options))).toBe(true);
  });

  it('refuses a document that expired before today', () => {
    const values = form('80.00');
    values.taxform.passport_expiry = '2026-03-04';
    expect(lineOf(formEligibility(values, options), 'document')?.issues[0]).toMatchObject({
      message: 'documentExpired',
      params: { date: '2026-03-04' },
    });
    values.taxform.passport_expiry = TODAY;
    expect(isEligible(formEligibility(values, options))).toBe(true);
  });

  it('judges hand-typed amounts as they are typed', () => {
    const values = form('100.00');
    values.taxform.no_auto_calculation = 1;
    Object.assign(values.invoice[0]!.breakdown[0]!, {
      net_sales_amount: '80.00',
      vat_amount: '19.00',
      customer_refund: '19.00',
    });
    const lines = formEligibility(values, options);
    expect(lineOf(lines, 'amounts')?.issues.map((issue) => issue.message)).toContain(
      'manualVatOff',
    );
  });
});

describe('summaryPayload', () => {
  it('reads what the schema accepts and leaves out what it refuses', () => {
    const values = form('12x');
    values.taxform.passport_expiry = '2031-07-01';
    values.taxform.residence_country = '98';
    const payload = summaryPayload(values);
    expect(payload.taxform).toMatchObject({
      traveler_name: '-',
      passport_expiry: '2031-07-01',
      residence_country: 98,
      items: 'Winter coat',
    });
    expect(payload.invoice[0]?.breakdown[0]?.gross_sales_price).toBe(0);
    expect(payload.invoice[0]?.breakdown[0]?.vat_product_rate).toBe(22);
  });
});

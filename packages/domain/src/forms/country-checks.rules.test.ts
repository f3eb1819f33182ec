import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excludedGoodsCategories, type CountryRules } from '../countries/country-rules.ts';
import { COUNTRY_RULES } from '../countries/country-table.ts';
import { parseSetting, refundCalculationSettingSchema } from '../settings/settings.schema.ts';
import {
  countryRuleIssues,
  eligibilitySummary,
  excludedGoodsOf,
  formExportDeadline,
  unknownCountryIssues,
  type CountryCheckContext,
} from './country-checks.rules.ts';
import { computeFormAmounts, manualFormAmounts } from './tax-form-amounts.rules.ts';
import { taxFormPayloadSchema, type TaxFormPayload } from './tax-form-payload.schema.ts';

/** A few ids of the countries table and their ISO codes. */
const COUNTRY_IDS = { BA: 42, CN: 48, DE: 57, HR: 98, RS: 190, US: 233 } as const;
const isoOf = (id: number) =>
  Object.entries(COUNTRY_IDS).find(([, value]) => value === id)?.[0] ?? null;

const today = '2026-05-20';
const fullVat = parseSetting(refundCalculationSettingSchema, {});

function context(rules: CountryRules, overrides: Partial<CountryCheckContext> = {}) {
  return { rules, today, productsMode: false, refund: fullVat, isoOf, ...overrides };
}

type Line = { rate: number; gross: number };

/** A valid form of one or more invoices, each one gross line; `taxform` overrides fields. */
function form(
  invoices: { date?: string; lines: Line[] }[],
  taxform: Record<string, unknown> = {},
): TaxFormPayload {
  return taxFormPayloadSchema.parse({
    taxform: {
      traveler_name: 'Wei',
      traveler_surname: 'Zhang',
      traveler_mobile: '+8613800138000',
      passport: 'E1234567',
      issued_govt: COUNTRY_IDS.CN,
      traveler_address: 'Beijing',
      items: 'Coat',
      method_of_refund: 'option5',
      date_of_sales: today,
      ...taxform,
    },
    invoice: invoices.map((invoice) => ({
      invoice_date: invoice.date ?? today,
      breakdown: invoice.lines.map((line) => ({
        vat_product_rate: line.rate,
        net_sales_amount: 0,
        gross_sales_price: line.gross,
      })),
    })),
  });
}

function issues(rules: CountryRules, payload: TaxFormPayload, overrides = {}) {
  const computed = computeFormAmounts(payload, {
    purchaseAmountType: 'GROSS_AMOUNT',
    refund: fullVat,
    productsMode: false,
  });
  return countryRuleIssues(payload, computed, context(rules, overrides)).map((issue) => [
    issue.path.join('.'),
    issue.message,
    issue.params ?? {},
  ]);
}

const one = (gross: number, rate: number) => [{ lines: [{ rate, gross }] }];

describe('the minimum purchase, by each country’s rule', () => {
  it('takes 100.01 EUR on a Croatian invoice and refuses 100.00, naming the figure', () => {
    expect(issues(COUNTRY_RULES.HR, form(one(100.01, 25)))).toEqual([]);
    expect(issues(COUNTRY_RULES.HR, form(one(100, 25)))).toEqual([
      [
        'invoice.0.gross_sales_price',
        'belowMinimumPerInvoice',
        { minimum: '100.01 EUR', missing: '0.01 EUR' },
      ],
    ]);
  });

  it('takes 50.01 EUR in Slovenia and 100.01 KM in Bosnia and Herzegovina', () => {
    expect(issues(COUNTRY_RULES.SI, form(one(50.01, 22)))).toEqual([]);
    expect(issues(COUNTRY_RULES.SI, form(one(50, 22)))[0]?.[1]).toBe('belowMinimumPerInvoice');
    expect(issues(COUNTRY_RULES.BA, form(one(100.01, 17)))).toEqual([]);
    expect(issues(COUNTRY_RULES.BA, form(one(100, 17)))[0]?.[2]).toEqual({
      minimum: '100.01 BAM',
      missing: '0.01 BAM',
    });
  });

  it('adds up a Serbian form’s invoices: 6,000.00 RSD over two qualifies, 5,999.99 does not', () => {
    const two = (second: number) => [
      { lines: [{ rate: 20, gross: 3000 }] },
      { lines: [{ rate: 10, gross: second }] },
    ];
    expect(issues(COUNTRY_RULES.RS, form(two(3000)))).toEqual([]);
    expect(issues(COUNTRY_RULES.RS, form(two(2999.99)))).toEqual([
      ['invoice', 'belowMinimumPerForm', { minimum: '6000.00 RSD', missing: '0.01 RSD' }],
    ]);
  });
});

describe('who may have a form', () => {
  it('refuses a traveller resident in the EU at a Croatian shop, by document or by residence', () => {
    expect(issues(COUNTRY_RULES.HR, form(one(200, 25), { issued_govt: COUNTRY_IDS.DE }))).toEqual([
      ['taxform.issued_govt', 'residenceNotEligible', {}],
    ]);
    expect(
      issues(COUNTRY_RULES.HR, form(one(200, 25), { residence_country: COUNTRY_IDS.HR })),
    ).toEqual([['taxform.residence_country', 'residenceNotEligible', {}]]);
  });

  it('takes an EU passport holder living outside the EU only with a proof of residence', () => {
    const german = { issued_govt: COUNTRY_IDS.DE, residence_country: COUNTRY_IDS.US };
    expect(issues(COUNTRY_RULES.HR, form(one(200, 25), german))).toEqual([
      ['taxform.residence_proof', 'residenceProofRequired', {}],
    ]);
    expect(
      issues(COUNTRY_RULES.HR, form(one(200, 25), { ...german, residence_proof: 'US GC 123' })),
    ).toEqual([]);
  });

  it('excludes only Serbia’s residents in Serbia, and only BiH’s in Bosnia and Herzegovina', () => {
    const rs = form(one(7000, 20), { issued_govt: COUNTRY_IDS.RS });
    expect(issues(COUNTRY_RULES.RS, rs)[0]?.[1]).toBe('residenceNotEligible');
    expect(issues(COUNTRY_RULES.RS, form(one(7000, 20), { issued_govt: COUNTRY_IDS.DE }))).toEqual(
      [],
    );
    const ba = form(one(200, 17), { issued_govt: COUNTRY_IDS.BA });
    expect(issues(COUNTRY_RULES.BA, ba)[0]?.[1]).toBe('residenceNotEligible');
    expect(issues(COUNTRY_RULES.BA, form(one(200, 17), { issued_govt: COUNTRY_IDS.RS }))).toEqual(
      [],
    );
  });

  it('refuses a country id the countries table lacks, for the document and the residence', () => {
    const unknown = (taxform: Record<string, unknown>) =>
      unknownCountryIssues(form(one(200, 25), taxform), isoOf).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(unknown({})).toEqual([]);
    expect(unknown({ issued_govt: 9999 })).toEqual([['taxform.issued_govt', 'countryUnknown']]);
    expect(unknown({ residence_country: 9999 })).toEqual([
      ['taxform.residence_country', 'countryUnknown'],
    ]);
    expect(unknown({ residence_country: COUNTRY_IDS.US })).toEqual([]);
  });
});

describe('the identity document', () => {
  it('takes a document expiring today and refuses one that expired yesterday', () => {
    expect(issues(COUNTRY_RULES.HR, form(one(200, 25), { passport_expiry: today }))).toEqual([]);
    expect(issues(COUNTRY_RULES.HR, form(one(200, 25), { passport_expiry: '2026-05-19' }))).toEqual(
      [['taxform.passport_expiry', 'documentExpired', { date: '2026-05-19' }]],
    );
  });

  it('refuses a birth date after today', () => {
    expect(issues(COUNTRY_RULES.HR, form(one(200, 25), { traveler_dob: '2026-05-21' }))).toEqual([
      ['taxform.traveler_dob', 'birthInFuture', {}],
    ]);
  });
});

describe('the export window', () => {
  const lastDay = { HR: '2026-05-31', SI: '2026-05-31', RS: '2026-05-31', BA: '2026-05-20' };
  const firstInvoiceDay = {
    HR: '2026-02-01',
    SI: '2026-02-28',
    RS: '2026-02-15',
    BA: '2026-02-20',
  };

  it.each(['HR', 'SI', 'RS', 'BA'] as const)(
    'in %s, takes a form on the last day of its window and refuses it the day after',
    (country) => {
      const rules = COUNTRY_RULES[country];
      const amount = country === 'RS' ? 7000 : 200;
      const payload = form([
        { date: firstInvoiceDay[country], lines: [{ rate: rules.vatRates[0]!, gross: amount }] },
      ]);
      expect(formExportDeadline(rules, payload, { productsMode: false, today })).toBe(
        lastDay[country],
      );
      expect(issues(rules, payload, { today: lastDay[country] })).toEqual([]);
      const after = lastDay[country] === '2026-05-31' ? '2026-06-01' : '2026-05-21';
      expect(issues(rules, payload, { today: after })).toEqual([
        ['taxform.date_of_sales', 'exportWindowClosed', { date: lastDay[country] }],
      ]);
    },
  );

  it('counts from the earliest invoice, and refuses an invoice dated after the sale', () => {
    const payload = form(
      [
        { date: '2026-01-15', lines: [{ rate: 25, gross: 200 }] },
        { date: '2026-05-02', lines: [{ rate: 25, gross: 200 }] },
      ],
      { date_of_sales: '2026-05-01' },
    );
    expect(formExportDeadline(COUNTRY_RULES.HR, payload, { productsMode: false, today })).toBe(
      '2026-04-30',
    );
    expect(issues(COUNTRY_RULES.HR, payload)).toEqual([
      ['invoice.1.invoice_date', 'invoiceAfterSale', {}],
      ['taxform.date_of_sales', 'exportWindowClosed', { date: '2026-04-30' }],
    ]);
  });
});

describe('VAT rates and goods', () => {
  it('refuses a rate the country does not have, naming its rates', () => {
    expect(issues(COUNTRY_RULES.HR, form(one(200, 7)))).toEqual([
      [
        'invoice.0.breakdown.0.vat_product_rate',
        'vatRateNotAllowed',
        { rate: 7, rates: '25, 13, 5' },
      ],
    ]);
    expect(issues(COUNTRY_RULES.SI, form(one(200, 9.5)))).toEqual([]);
    expect(issues(COUNTRY_RULES.SI, form(one(200, 25)))[0]?.[2]).toEqual({
      rate: 25,
      rates: '22, 9.5, 5',
    });
  });

  it('needs the goods described, whatever the settings say', () => {
    expect(issues(COUNTRY_RULES.HR, form(one(200, 25), { items: '' }))).toEqual([
      ['taxform.items', 'purchaseDetailsRequired', {}],
    ]);
  });

  it('refuses the goods a country never refunds in products mode, and takes them elsewhere', () => {
    const products = taxFormPayloadSchema.parse({
      ...form([]),
      products: [
        {
          classification: 'alcohol',
          description: 'Wine',
          quantity: 2,
          net_amount: 100,
          vat_rate: 22,
        },
      ],
    });
    const computed = computeFormAmounts(products, {
      purchaseAmountType: 'GROSS_AMOUNT',
      refund: fullVat,
      productsMode: true,
    });
    const si = countryRuleIssues(
      products,
      computed,
      context(COUNTRY_RULES.SI, { productsMode: true }),
    );
    expect(si.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['products.0.classification', 'goodsExcludedAlcohol'],
    ]);
    expect(excludedGoodsOf('fuel')).toBe('mineralOils');
    expect(excludedGoodsOf('CLOTHING')).toBeNull();
  });

  it('reads excluded goods from Combined Nomenclature codes, with or without spaces and dots', () => {
    const cases: [string, string | null][] = [
      ['2203 00 01', 'alcohol'],
      ['2204.21.11', 'alcohol'],
      ['22083011', 'alcohol'],
      ['22 08', 'alcohol'],
      ['2402 20 90', 'tobacco'],
      ['24', 'tobacco'],
      ['2710 12 41', 'mineralOils'],
      ['27.11', 'mineralOils'],
      // Water, soft drinks and vinegar are not alcohol; crude oil and clothing are not excluded.
      ['2201 10 11', null],
      ['2202', null],
      ['2209 00 91', null],
      ['22', null],
      ['2709 00 90', null],
      ['6109 10 00', null],
    ];
    expect(cases.map(([code]) => [code, excludedGoodsOf(code)])).toEqual(cases);
  });

  it('gives a shop the categories of the goods its country excludes, each recognised', () => {
    expect(excludedGoodsCategories(COUNTRY_RULES.HR)).toEqual([]);
    const categories = excludedGoodsCategories(COUNTRY_RULES.SI);
    expect(categories.map((category) => excludedGoodsOf(category.code))).toEqual(
      COUNTRY_RULES.SI.excludedGoods,
    );
    expect(excludedGoodsCategories(COUNTRY_RULES.BA)).toEqual(categories);
  });
});

describe('a form of products', () => {
  type Row = { net: number; rate: number; invoice?: string };

  function productsForm(rows: Row[], taxform: Record<string, unknown> = {}) {
    return taxFormPayloadSchema.parse({
      ...form([]),
      taxform: { ...form([]).taxform, ...taxform },
      products: rows.map((row) => ({
        classification: 'CLOTHING',
        description: 'Scarf',
        net_amount: row.net,
        vat_rate: row.rate,
        simplified_invoice_number: row.invoice ?? '',
      })),
    });
  }

  function productIssues(rules: CountryRules, payload: TaxFormPayload) {
    const computed = computeFormAmounts(payload, {
      purchaseAmountType: 'GROSS_AMOUNT',
      refund: fullVat,
      productsMode: true,
    });
    return countryRuleIssues(payload, computed, context(rules, { productsMode: true })).map(
      (issue) => [issue.path.join('.'), issue.message, issue.params ?? {}],
    );
  }

  it('counts a minimum per invoice on each simplified invoice: two of 60.00 EUR fall short', () => {
    // 48.00 net at 25 % is 60.00 with VAT.
    const twoInvoices = productsForm([
      { net: 48, rate: 25, invoice: 'S-1' },
      { net: 48, rate: 25, invoice: 'S-2' },
    ]);
    const short = { minimum: '100.01 EUR', missing: '40.01 EUR' };
    expect(productIssues(COUNTRY_RULES.HR, twoInvoices)).toEqual([
      ['products.0.simplified_invoice_number', 'belowMinimumPerInvoice', short],
      ['products.1.simplified_invoice_number', 'belowMinimumPerInvoice', short],
    ]);
    const oneInvoice = productsForm([
      { net: 48, rate: 25, invoice: 'S-1' },
      { net: 48, rate: 25, invoice: 'S-1' },
    ]);
    expect(productIssues(COUNTRY_RULES.HR, oneInvoice)).toEqual([]);
  });

  it('counts rows without a simplified invoice as the form’s own invoice', () => {
    const payload = productsForm([
      { net: 48, rate: 25 },
      { net: 48, rate: 25 },
      { net: 48, rate: 25, invoice: 'S-1' },
    ]);
    expect(productIssues(COUNTRY_RULES.HR, payload)).toEqual([
      [
        'products.2.simplified_invoice_number',
        'belowMinimumPerInvoice',
        { minimum: '100.01 EUR', missing: '40.01 EUR' },
      ],
    ]);
    expect(productIssues(COUNTRY_RULES.HR, productsForm([]))).toEqual([
      ['products', 'belowMinimumPerInvoice', { minimum: '100.01 EUR', missing: '100.01 EUR' }],
    ]);
  });

  it('adds a Serbian form’s simplified invoices together', () => {
    // 2,500.00 net at 20 % is 3,000.00 with VAT: 6,000.00 over the two.
    const payload = productsForm([
      { net: 2500, rate: 20, invoice: 'S-1' },
      { net: 2500, rate: 20, invoice: 'S-2' },
    ]);
    expect(productIssues(COUNTRY_RULES.RS, payload)).toEqual([]);
  });

  it('refuses a row at a rate the country does not have', () => {
    expect(productIssues(COUNTRY_RULES.HR, productsForm([{ net: 200, rate: 22 }]))).toEqual([
      ['products.0.vat_rate', 'vatRateNotAllowed', { rate: 22, rates: '25, 13, 5' }],
    ]);
  });

  it('leaves hand-typed amounts out of the summary: products mode computes them', () => {
    const payload = productsForm([{ net: 200, rate: 25 }], { no_auto_calculation: 1 });
    const computed = computeFormAmounts(payload, {
      purchaseAmountType: 'GROSS_AMOUNT',
      refund: fullVat,
      productsMode: true,
    });
    const summary = eligibilitySummary(
      payload,
      computed,
      context(COUNTRY_RULES.HR, { productsMode: true }),
    );
    expect(summary.map((line) => line.rule)).not.toContain('amounts');
    expect(summary.every((line) => line.issues.length === 0)).toBe(true);
  });
});

describe('amounts typed by hand', () => {
  function manual(invoice: Record<string, unknown>) {
    const payload = taxFormPayloadSchema.parse({
      ...form([]),
      taxform: { ...form([]).taxform, no_auto_calculation: 1 },
      invoice: [invoice],
    });
    const computed = manualFormAmounts(payload);
    return countryRuleIssues(payload, computed, context(COUNTRY_RULES.HR)).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);
  }
  const line = (gross: number, vat: number, refund: number) => ({
    vat_product_rate: 25,
    gross_sales_price: gross,
    vat_amount: vat,
    net_sales_amount: gross - vat,
    customer_refund: refund,
  });

  it('keeps a receipt’s own rounding within a cent', () => {
    expect(
      manual({
        gross_sales_price: 500,
        vat_amount: 100.01,
        customer_refund: 100.01,
        breakdown: [line(500, 100.01, 100.01)],
      }),
    ).toEqual([]);
  });

  it('refuses 500.00 of VAT and refund on a 500.00 purchase, and totals that are not the sums', () => {
    expect(
      manual({
        gross_sales_price: 500,
        vat_amount: 500,
        customer_refund: 500,
        breakdown: [line(500, 500, 500)],
      }),
    ).toEqual([['invoice.0.breakdown.0.vat_amount', 'manualVatOff']]);
    expect(
      manual({
        gross_sales_price: 600,
        vat_amount: 100,
        customer_refund: 100,
        breakdown: [line(500, 100, 100)],
      }),
    ).toEqual([['invoice.0.gross_sales_price', 'manualTotalDisagrees']]);
  });

  it('refuses a line whose net is not its gross less its VAT, and takes a cent off', () => {
    const typed = (net: number) =>
      manual({
        gross_sales_price: 500,
        vat_amount: 100,
        customer_refund: 100,
        breakdown: [{ ...line(500, 100, 100), net_sales_amount: net }],
      });
    expect(typed(400.01)).toEqual([]);
    expect(typed(0)).toEqual([['invoice.0.breakdown.0.net_sales_amount', 'manualNetOff']]);
    expect(typed(400.02)).toEqual([['invoice.0.breakdown.0.net_sales_amount', 'manualNetOff']]);
  });

  it('bounds an invoice typed as its totals alone by the VAT of the highest rate', () => {
    const totals = (vat: number, refund = vat, rate: number | null = null) =>
      manual({
        gross_sales_price: 500,
        vat_amount: vat,
        customer_refund: refund,
        vat_product_rate: rate,
        breakdown: [],
      });
    // 25 % of a gross 500.00 is 100.00 of VAT.
    expect(totals(100.01)).toEqual([]);
    expect(totals(500)).toEqual([['invoice.0.vat_amount', 'manualVatAboveRate']]);
    expect(totals(100.02)).toEqual([['invoice.0.vat_amount', 'manualVatAboveRate']]);
    expect(totals(100, 100.01)).toEqual([['invoice.0.customer_refund', 'refundAboveTable']]);
    // An invoice that names its rate: 5 % of a gross 500.00 is 23.81.
    expect(totals(23.82, 23.82, 5)).toEqual([]);
    expect(totals(100, 100, 5)).toEqual([['invoice.0.vat_amount', 'manualVatAboveRate']]);
  });

  it('never lets the refund exceed the VAT, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_001, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (grossCents, refundCents) => {
          const gross = grossCents / 100;
          const vat = Math.round((grossCents * 25) / 125) / 100;
          const refund = refundCents / 100;
          const found = manual({
            gross_sales_price: gross,
            vat_amount: vat,
            customer_refund: refund,
            breakdown: [line(gross, vat, refund)],
          });
          const accepted = found.length === 0;
          if (accepted) expect(refundCents).toBeLessThanOrEqual(Math.round(vat * 100));
          if (refundCents > Math.round(vat * 100)) {
            expect(found).toContainEqual(['invoice.0.customer_refund', 'refundAboveTable']);
          }
        },
      ),
    );
  });
});

describe('a fifth country, as one more entry', () => {
  /**
   * Made up: a minimum of 50.00 EUR without VAT (as Portugal counts it), reached at that amount,
   * per invoice, with its own rates, residence and export window.
   */
  const FIFTH: CountryRules = {
    country: 'XF',
    formCode: 'TF-5',
    declaration: 'eu',
    formLanguage: 'en',
    currency: 'EUR',
    vatRates: [23, 13, 6],
    minimumPurchase: { amount: 50_00, includesVat: false, comparison: 'atLeast', per: 'invoice' },
    purchaseCeiling: 1_000_000_00,
    excludedResidence: ['XF'],
    exportDeadline: { kind: 'monthsFromPurchase', months: 2 },
    excludedGoods: ['tobacco'],
    timeZone: 'Atlantic/Azores',
    // Its VAT number's checker would be the one piece of code it needs (vat-number.rules.ts).
    vatNumber: { scheme: 'HR.oib', prefix: null },
    payoutDeadline: null,
    claimWindow: null,
    hasCroatiaMode: false,
  };

  it('counts the purchase without its VAT: 61.50 at 23 % (50.00 net) qualifies, 61.49 does not', () => {
    expect(issues(FIFTH, form(one(61.5, 23)))).toEqual([]);
    expect(issues(FIFTH, form(one(61.49, 23)))).toEqual([
      [
        'invoice.0.gross_sales_price',
        'belowMinimumPerInvoice',
        { minimum: '50.00 EUR', missing: '0.01 EUR' },
      ],
    ]);
    // The same purchase with its VAT counted would be well above 50.00.
    expect(
      issues(
        { ...FIFTH, minimumPurchase: { ...FIFTH.minimumPurchase, includesVat: true } },
        form(one(61.49, 23)),
      ),
    ).toEqual([]);
  });

  it('reads its rates and export window from the entry', () => {
    expect(issues(FIFTH, form(one(200, 25)))).toEqual([
      [
        'invoice.0.breakdown.0.vat_product_rate',
        'vatRateNotAllowed',
        { rate: 25, rates: '23, 13, 6' },
      ],
    ]);
    const payload = form([{ date: '2026-03-20', lines: [{ rate: 23, gross: 200 }] }]);
    expect(formExportDeadline(FIFTH, payload, { productsMode: false, today })).toBe('2026-05-20');
    expect(issues(FIFTH, payload, { today: '2026-05-21' })).toEqual([
      ['taxform.date_of_sales', 'exportWindowClosed', { date: '2026-05-20' }],
    ]);
  });
});

describe('the eligibility summary', () => {
  it('lists every rule, met or not, with what is missing', () => {
    const payload = form(one(80, 25), { passport_expiry: '2026-01-01' });
    const computed = computeFormAmounts(payload, {
      purchaseAmountType: 'GROSS_AMOUNT',
      refund: fullVat,
      productsMode: false,
    });
    const summary = eligibilitySummary(payload, computed, context(COUNTRY_RULES.HR));
    expect(summary.map((line) => [line.rule, line.issues.length])).toEqual([
      ['minimum', 1],
      ['residence', 0],
      ['document', 1],
      ['exportWindow', 0],
      ['rates', 0],
      ['goods', 0],
    ]);
    expect(summary[0]?.issues[0]?.params).toEqual({ minimum: '100.01 EUR', missing: '20.01 EUR' });
  });
});

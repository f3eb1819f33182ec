import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES, type SupportedCountry } from '../countries/country-table.ts';
import type { TaxFormPayload } from '../forms/tax-form-payload.schema.ts';
import { decideIssue } from './decide-issue.ts';
import { decideUpdate } from './decide-update.ts';
import {
  allowed,
  formPayload,
  idOf,
  invoiceOf,
  issueContext,
  refusalOf,
  TODAY,
  type KnownCountry,
} from './decision-fixtures.ts';

/**
 * The law of each country the portal serves, as issuing (and updating) a form applies it: for
 * every rule, a form just inside it is allowed and one just outside it refused, naming the field,
 * the message and its figures. The edges are written out per country, so that a changed threshold
 * fails here rather than passing silently. The routes run the same table for Croatia alone.
 */

const COUNTRIES = ['HR', 'SI', 'RS', 'BA'] as const satisfies readonly SupportedCountry[];
type Country = (typeof COUNTRIES)[number];
type Issue = [path: string, message: string, params: Record<string, unknown>];

/** What the four countries' forms need beyond the figures of COUNTRY_RULES. */
type Profile = {
  /** A purchase (gross, cents) comfortably above the minimum. */
  purchase: number;
  /** The edge of the minimum purchase: invoice grosses in cents, and the refusal. */
  minimum: { accepted: number[]; refused: number[]; issue: Issue };
  /** A country whose residents are not refunded here. */
  ineligible: KnownCountry;
  /** A rate that is another country's, not this one's, and the rates the refusal names. */
  foreignRate: { rate: number; rates: string };
  /**
   * The export window: the oldest invoice day still open today and its last day, the day before
   * it and its last day, and the last day of a purchase made today.
   */
  window: {
    lastOpen: string;
    deadline: string;
    firstClosed: string;
    closedOn: string;
    ofToday: string;
  };
};

const END_OF_THIRD_MONTH = {
  lastOpen: '2026-02-01',
  deadline: '2026-05-31',
  firstClosed: '2026-01-31',
  closedOn: '2026-04-30',
  ofToday: '2026-08-31',
};

const PROFILES: Record<Country, Profile> = {
  HR: {
    purchase: 250_00,
    minimum: {
      accepted: [100_01],
      refused: [100_00],
      issue: [
        'invoice.0.gross_sales_price',
        'belowMinimumPerInvoice',
        { minimum: '100.01 EUR', missing: '0.01 EUR' },
      ],
    },
    ineligible: 'DE',
    foreignRate: { rate: 22, rates: '25, 13, 5' },
    window: END_OF_THIRD_MONTH,
  },
  SI: {
    purchase: 250_00,
    minimum: {
      accepted: [50_01],
      refused: [50_00],
      issue: [
        'invoice.0.gross_sales_price',
        'belowMinimumPerInvoice',
        { minimum: '50.01 EUR', missing: '0.01 EUR' },
      ],
    },
    ineligible: 'DE',
    foreignRate: { rate: 25, rates: '22, 9.5, 5' },
    window: END_OF_THIRD_MONTH,
  },
  RS: {
    purchase: 7_200_00,
    minimum: {
      // Two invoices of one seller count together.
      accepted: [3_000_00, 3_000_00],
      refused: [3_000_00, 2_999_99],
      issue: ['invoice', 'belowMinimumPerForm', { minimum: '6000.00 RSD', missing: '0.01 RSD' }],
    },
    ineligible: 'RS',
    foreignRate: { rate: 17, rates: '20, 10' },
    window: END_OF_THIRD_MONTH,
  },
  BA: {
    purchase: 250_00,
    minimum: {
      accepted: [100_01],
      refused: [100_00],
      issue: [
        'invoice.0.gross_sales_price',
        'belowMinimumPerInvoice',
        { minimum: '100.01 BAM', missing: '0.01 BAM' },
      ],
    },
    ineligible: 'BA',
    foreignRate: { rate: 20, rates: '17' },
    // Three months from the day of purchase, not to the end of a month.
    window: {
      lastOpen: '2026-02-20',
      deadline: '2026-05-20',
      firstClosed: '2026-02-19',
      closedOn: '2026-05-19',
      ofToday: '2026-08-20',
    },
  },
};

const YESTERDAY = '2026-05-19';
const TOMORROW = '2026-05-21';

/** A form the country accepts, at its highest rate unless the invoices are given. */
function validForm(
  country: Country,
  overrides: { taxform?: Record<string, unknown>; invoice?: unknown[] } = {},
): TaxFormPayload {
  const rate = COUNTRY_RULES[country].vatRates[0]!;
  return formPayload({
    taxform: overrides.taxform ?? {},
    invoice: overrides.invoice ?? [invoiceOf(PROFILES[country].purchase, rate)],
  });
}

type RuleCase = { accepted: TaxFormPayload; refused: TaxFormPayload; issue: Issue };

const RULES: { rule: string; build: (country: Country) => RuleCase }[] = [
  {
    rule: 'minimum purchase: allows the smallest amount that qualifies, refuses a cent less',
    build: (country) => {
      const { minimum } = PROFILES[country];
      const rate = COUNTRY_RULES[country].vatRates[0]!;
      const invoicesOf = (grosses: number[]) => grosses.map((gross) => invoiceOf(gross, rate));
      return {
        accepted: validForm(country, { invoice: invoicesOf(minimum.accepted) }),
        refused: validForm(country, { invoice: invoicesOf(minimum.refused) }),
        issue: minimum.issue,
      };
    },
  },
  {
    rule: 'residence: refuses a document issued where travellers are not eligible',
    build: (country) => ({
      accepted: validForm(country, { taxform: { issued_govt: idOf('CN') } }),
      refused: validForm(country, { taxform: { issued_govt: idOf(PROFILES[country].ineligible) } }),
      issue: ['taxform.issued_govt', 'residenceNotEligible', {}],
    }),
  },
  {
    rule: 'residence: refuses a traveller who lives where travellers are not eligible',
    build: (country) => ({
      accepted: validForm(country, { taxform: { residence_country: idOf('US') } }),
      refused: validForm(country, {
        taxform: { residence_country: idOf(PROFILES[country].ineligible) },
      }),
      issue: ['taxform.residence_country', 'residenceNotEligible', {}],
    }),
  },
  {
    rule: 'residence: asks for proof when the document comes from where travellers are not eligible',
    build: (country) => {
      const taxform = {
        issued_govt: idOf(PROFILES[country].ineligible),
        residence_country: idOf('US'),
      };
      return {
        accepted: validForm(country, {
          taxform: { ...taxform, residence_proof: 'Green card SRC1234567890' },
        }),
        refused: validForm(country, { taxform: { ...taxform, residence_proof: '' } }),
        issue: ['taxform.residence_proof', 'residenceProofRequired', {}],
      };
    },
  },
  {
    rule: "VAT rates: allows each of the country's rates, refuses another country's",
    build: (country) => {
      const { purchase, foreignRate } = PROFILES[country];
      return {
        accepted: validForm(country, {
          invoice: COUNTRY_RULES[country].vatRates.map((rate) => invoiceOf(purchase, rate)),
        }),
        refused: validForm(country, { invoice: [invoiceOf(purchase, foreignRate.rate)] }),
        issue: ['invoice.0.breakdown.0.vat_product_rate', 'vatRateNotAllowed', foreignRate],
      };
    },
  },
  {
    rule: 'dates: allows an invoice of the day of sale, refuses one dated after it',
    build: (country) => {
      const { purchase } = PROFILES[country];
      const rate = COUNTRY_RULES[country].vatRates[0]!;
      const taxform = { date_of_sales: YESTERDAY };
      return {
        accepted: validForm(country, { taxform, invoice: [invoiceOf(purchase, rate, YESTERDAY)] }),
        refused: validForm(country, { taxform, invoice: [invoiceOf(purchase, rate, TODAY)] }),
        issue: ['invoice.0.invoice_date', 'invoiceAfterSale', {}],
      };
    },
  },
  {
    rule: 'export window: allows the oldest invoice whose window is still open, refuses one a day older',
    build: (country) => {
      const { purchase, window } = PROFILES[country];
      const rate = COUNTRY_RULES[country].vatRates[0]!;
      return {
        accepted: validForm(country, { invoice: [invoiceOf(purchase, rate, window.lastOpen)] }),
        refused: validForm(country, { invoice: [invoiceOf(purchase, rate, window.firstClosed)] }),
        issue: ['taxform.date_of_sales', 'exportWindowClosed', { date: window.closedOn }],
      };
    },
  },
  {
    rule: 'identity document: allows one expiring today, refuses one that expired yesterday',
    build: (country) => ({
      accepted: validForm(country, { taxform: { passport_expiry: TODAY } }),
      refused: validForm(country, { taxform: { passport_expiry: YESTERDAY } }),
      issue: ['taxform.passport_expiry', 'documentExpired', { date: YESTERDAY }],
    }),
  },
  {
    rule: 'date of birth: allows today, refuses tomorrow',
    build: (country) => ({
      accepted: validForm(country, { taxform: { traveler_dob: TODAY } }),
      refused: validForm(country, { taxform: { traveler_dob: TOMORROW } }),
      issue: ['taxform.traveler_dob', 'birthInFuture', {}],
    }),
  },
  {
    rule: 'goods: asks what was bought on a form of invoices, whatever the settings say',
    build: (country) => ({
      accepted: validForm(country, { taxform: { items: 'Wool coat' } }),
      refused: validForm(country, { taxform: { items: '' } }),
      issue: ['taxform.items', 'purchaseDetailsRequired', {}],
    }),
  },
];

/** A form issued today and still open to changes. */
const editable = {
  stage: 'FORM_SUBMITTED',
  cancelled: false,
  exportDeadline: '2026-08-31',
  version: 1,
  storedCardNumber: () => null,
  storedIban: () => null,
};

describe.each(COUNTRIES)('issuing and updating a form in %s', (country) => {
  const context = issueContext(country);

  it.each(RULES)('$rule', ({ build }) => {
    const { accepted, refused, issue } = build(country);
    const refusal = { code: 'VALIDATION_FAILED', issues: [issue] };

    expect(refusalOf(decideIssue(accepted, context))).toBeNull();
    expect(refusalOf(decideIssue(refused, context))).toEqual(refusal);
    expect(refusalOf(decideUpdate(editable, accepted, context))).toBeNull();
    expect(refusalOf(decideUpdate(editable, refused, context))).toEqual(refusal);
  });

  it('gives the form the export deadline of its earliest invoice, on issue and on update', () => {
    const { purchase, window } = PROFILES[country];
    const rate = COUNTRY_RULES[country].vatRates[0]!;
    const form = validForm(country, {
      invoice: [invoiceOf(purchase, rate), invoiceOf(purchase, rate, window.lastOpen)],
    });
    expect(allowed(decideIssue(form, context)).exportDeadline).toBe(window.deadline);
    expect(allowed(decideUpdate(editable, form, context)).exportDeadline).toBe(window.deadline);
    expect(allowed(decideIssue(validForm(country), context)).exportDeadline).toBe(window.ofToday);
  });
});

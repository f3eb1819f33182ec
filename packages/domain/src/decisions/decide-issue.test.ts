import { describe, expect, it } from 'vitest';
import { decideIssue } from './decide-issue.ts';
import {
  allowed,
  formPayload,
  idOf,
  invoiceOf,
  issueContext,
  refusalOf,
  TODAY,
} from './decision-fixtures.ts';

/**
 * decideIssue's order: the seller's legal identity, then the payload against the settings, then
 * the amounts against the lines, then the countries named and the country's rules; the first
 * that refuses answers. The rules themselves are in the decide-issue-*.test.ts files beside it.
 */

/** A form at fault in every later step: its e-mail, its totals and its minimum. */
const wrongEverywhere = () =>
  formPayload({
    taxform: { traveler_email: '', passport_expiry: '2026-05-19' },
    invoice: [{ ...invoiceOf(100_00, 25), gross_sales_price: 90 }],
  });

describe('the seller’s legal identity, judged first', () => {
  it('refuses a company missing its legal name, address and VAT number, whatever the form', () => {
    const context = issueContext('HR', {
      company: { legalName: null, address: '  ', vatNumber: null },
      taxFree: { traveler_email_id_required: 1 },
    });
    expect(refusalOf(decideIssue(wrongEverywhere(), context))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [
        ['company.legal_name', 'legalNameMissing', {}],
        ['company.legal_address', 'legalAddressMissing', {}],
        ['company.vat_number', 'vatNumberMissing', {}],
      ],
    });
  });

  it.each([
    ['HR', 'HR69435151531'],
    ['SI', 'SI58347888'],
    ['RS', '104708954'],
  ] as const)('refuses a %s company whose VAT number fails its check', (country, vatNumber) => {
    const context = issueContext(country, { company: { vatNumber } });
    expect(refusalOf(decideIssue(formPayload(), context))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['company.vat_number', 'vatNumberNotValid', {}]],
    });
  });

  it('checks the VAT number by the company’s own country', () => {
    // A valid Croatian OIB is not a Serbian PIB.
    const context = issueContext('RS', { company: { vatNumber: 'HR69435151530' } });
    expect(refusalOf(decideIssue(formPayload(), context))?.issues).toEqual([
      ['company.vat_number', 'vatNumberNotValid', {}],
    ]);
  });
});

describe('the payload against the company’s settings, judged second', () => {
  it('refuses what the settings ask for, before the amounts and the country’s rules', () => {
    const context = issueContext('HR', { taxFree: { traveler_email_id_required: 1 } });
    expect(refusalOf(decideIssue(wrongEverywhere(), context))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['taxform.traveler_email', 'emailRequired', {}]],
    });
  });

  it('refuses a refund method the company does not offer', () => {
    const context = issueContext('HR', { general: { refund_methods: 'option5' } });
    expect(refusalOf(decideIssue(formPayload(), context))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['taxform.method_of_refund', 'refundMethodNotOffered', {}]],
    });
  });

  it('normalises what it allows: the card number’s digits alone', () => {
    const form = allowed(decideIssue(formPayload(), issueContext('HR')));
    expect(form.payload.taxform.acc_details).toBe('4111111111111111');
    expect(form.today).toBe(TODAY);
  });
});

describe('the amounts, judged third', () => {
  it('refuses totals that disagree with the lines before the country’s rules', () => {
    expect(refusalOf(decideIssue(wrongEverywhere(), issueContext('HR')))).toEqual({
      code: 'AMOUNTS_DISAGREE',
      issues: [['invoice.0.gross_sales_price', 'amountMismatch', {}]],
    });
  });
});

describe('the countries named and the country’s rules, judged last', () => {
  it('refuses every rule broken at once, each on its field', () => {
    const form = formPayload({
      taxform: { passport_expiry: '2026-05-19', items: '' },
      invoice: [invoiceOf(100_00, 25)],
    });
    expect(refusalOf(decideIssue(form, issueContext('HR')))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: expect.arrayContaining([
        [
          'invoice.0.gross_sales_price',
          'belowMinimumPerInvoice',
          { minimum: '100.01 EUR', missing: '0.01 EUR' },
        ],
        ['taxform.passport_expiry', 'documentExpired', { date: '2026-05-19' }],
        ['taxform.items', 'purchaseDetailsRequired', {}],
      ]),
    });
  });

  it.each(['issued_govt', 'residence_country'])(
    'refuses a country id the countries table lacks as %s',
    (field) => {
      const form = formPayload({ taxform: { [field]: 9999 } });
      expect(refusalOf(decideIssue(form, issueContext('HR')))).toEqual({
        code: 'VALIDATION_FAILED',
        issues: [[`taxform.${field}`, 'countryUnknown', {}]],
      });
    },
  );
});

describe('the traveller’s mail language, which never refuses', () => {
  const languageOf = (taxform: Record<string, unknown>) =>
    allowed(decideIssue(formPayload({ taxform }), issueContext('HR'))).travellerLanguage;

  it('is the one chosen on the form', () => {
    expect(languageOf({ traveller_language: 'fr', nationality: idOf('DE') })).toBe('fr');
  });

  it('defaults to the nationality’s, then to the issuing country’s', () => {
    expect(languageOf({ nationality: idOf('DE'), issued_govt: idOf('US') })).toBe('de');
    expect(languageOf({ nationality: idOf('CN'), issued_govt: idOf('US') })).toBe('en');
    expect(languageOf({ nationality: idOf('FR'), issued_govt: idOf('RS') })).toBe('fr');
  });

  it('is none (English) when neither country has one of the portal’s languages', () => {
    expect(languageOf({ nationality: idOf('CN'), issued_govt: idOf('CN') })).toBeNull();
  });
});

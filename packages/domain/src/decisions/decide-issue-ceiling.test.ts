import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES } from '../countries/country-table.ts';
import { MAX_AMOUNT } from '../forms/wire-fields.schema.ts';
import { decideIssue } from './decide-issue.ts';
import { decideUpdate } from './decide-update.ts';
import {
  allowed,
  formPayload,
  invoiceOf,
  issueContext,
  productRow,
  refusalOf,
} from './decision-fixtures.ts';

/**
 * One form's ceiling (COUNTRY_RULES' purchaseCeiling): a form above it is refused as
 * FORM_ABOVE_CEILING, the ceiling named in the shop's currency, before any other of its faults;
 * a company of a country without rules is bounded by what the columns store.
 */

/** The largest amount a field takes, in cents: 999,999,999,999.99. */
const LARGEST = Math.round(MAX_AMOUNT * 100);

/** A form of one invoice per gross (cents), each one line at the country's highest rate. */
const formOf = (grosses: number[], rate = 25) =>
  formPayload({ invoice: grosses.map((gross) => invoiceOf(gross, rate)) });

const aboveCeiling = (ceiling: string, path = 'invoice') => ({
  code: 'FORM_ABOVE_CEILING',
  issues: [[path, 'formAboveCeiling', { ceiling }]],
  params: { ceiling },
});

describe('one form’s ceiling', () => {
  it.each([
    ['HR', '1,000,000.00 EUR'],
    ['SI', '1,000,000.00 EUR'],
    ['RS', '100,000,000.00 RSD'],
    ['BA', '2,000,000.00 BAM'],
  ] as const)('allows a form of %s at its ceiling and refuses a cent more', (country, ceiling) => {
    const { purchaseCeiling, vatRates } = COUNTRY_RULES[country];
    const context = issueContext(country);
    const at = allowed(decideIssue(formOf([purchaseCeiling], vatRates[0]), context));
    expect(at.computed.gross).toBe(purchaseCeiling);
    expect(refusalOf(decideIssue(formOf([purchaseCeiling + 1], vatRates[0]), context))).toEqual(
      aboveCeiling(ceiling),
    );
  });

  it('adds up the invoices: 600,000.00 and 400,000.00 EUR pass, a cent more does not', () => {
    const context = issueContext('HR');
    expect(allowed(decideIssue(formOf([600_000_00, 399_999_99]), context)).computed.gross).toBe(
      999_999_99,
    );
    expect(allowed(decideIssue(formOf([600_000_00, 400_000_00]), context)).computed).toMatchObject({
      gross: 1_000_000_00,
      vat: 200_000_00,
      refund: 200_000_00,
    });
    expect(refusalOf(decideIssue(formOf([600_000_00, 400_000_01]), context))).toEqual(
      aboveCeiling('1,000,000.00 EUR'),
    );
  });

  it('refuses two invoices of the largest amount a field takes, whose sum no column holds', () => {
    expect(refusalOf(decideIssue(formOf([LARGEST, LARGEST]), issueContext('HR')))).toEqual(
      aboveCeiling('1,000,000.00 EUR'),
    );
  });

  it('refuses a form refunding 199,999,999,999.99 EUR', () => {
    // 25 % VAT in a gross of 999,999,999,999.95 is 199,999,999,999.99, refunded whole.
    const form = formOf([99_999_999_999_995]);
    expect(form.invoice[0]).toMatchObject({ customer_refund: 199_999_999_999.99 });
    expect(refusalOf(decideIssue(form, issueContext('HR')))).toEqual(
      aboveCeiling('1,000,000.00 EUR'),
    );
  });

  it('says a form is above its ceiling first, with its other faults beside it', () => {
    const form = formPayload({
      taxform: { passport_expiry: '2026-05-19' },
      invoice: [invoiceOf(1_000_000_01, 25)],
    });
    expect(refusalOf(decideIssue(form, issueContext('HR')))).toEqual({
      code: 'FORM_ABOVE_CEILING',
      issues: expect.arrayContaining([
        ['invoice', 'formAboveCeiling', { ceiling: '1,000,000.00 EUR' }],
        ['taxform.passport_expiry', 'documentExpired', { date: '2026-05-19' }],
      ]),
      params: { ceiling: '1,000,000.00 EUR' },
    });
  });

  it('refuses an update above the ceiling as it refuses the issue', () => {
    const editable = {
      stage: 'FORM_SUBMITTED',
      cancelled: false,
      exportDeadline: '2026-08-31',
      version: 1,
      storedCardNumber: () => null,
      storedIban: () => null,
    };
    expect(
      refusalOf(decideUpdate(editable, formOf([LARGEST, LARGEST]), issueContext('HR'))),
    ).toEqual(aboveCeiling('1,000,000.00 EUR'));
  });

  it('counts a form of products on its rows, rather than failing on their sum', () => {
    const context = issueContext('HR', { taxFree: { products_in_tfs_form: 1 } });
    const products = (net: number) =>
      formPayload({
        invoice: [],
        products: [1, 2].map(() =>
          productRow({ net, rate: 25, classification: 'WATCHES', quantity: 1_000_000 }),
        ),
      });
    expect(refusalOf(decideIssue(products(MAX_AMOUNT), context))).toEqual(
      aboveCeiling('1,000,000.00 EUR', 'products'),
    );
    // 2 × 400,000.00 net at 25 % is 1,000,000.00 with VAT.
    expect(allowed(decideIssue(products(400_000), context)).computed.gross).toBe(1_000_000_00);
  });
});

describe('a company of a country without rules', () => {
  const context = issueContext('HR', {
    company: { country: 'DE', currency: 'EUR', vatNumber: 'DE123456789' },
  });

  it('is bounded by what the columns store, not by a country’s ceiling', () => {
    const form = allowed(decideIssue(formOf([2_000_000_00]), context));
    expect(form.computed.gross).toBe(2_000_000_00);
    expect(form.exportDeadline).toBeNull();
    expect(refusalOf(decideIssue(formOf([LARGEST, LARGEST]), context))).toEqual(
      aboveCeiling('999,999,999,999.99 EUR'),
    );
  });

  it('applies no country’s minimum, residence or rates', () => {
    const form = formPayload({
      taxform: { issued_govt: 57 },
      invoice: [invoiceOf(10_00, 19)],
    });
    expect(refusalOf(decideIssue(form, context))).toBeNull();
    expect(refusalOf(decideIssue(form, issueContext('HR')))?.code).toBe('VALIDATION_FAILED');
  });
});

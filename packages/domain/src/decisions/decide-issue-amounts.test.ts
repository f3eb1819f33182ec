import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES } from '../countries/country-table.ts';
import { lineFromGross } from '../money/breakdown.rules.ts';
import { decideIssue } from './decide-issue.ts';
import { decideUpdate } from './decide-update.ts';
import {
  allowed,
  formPayload,
  invoiceOf,
  issueContext,
  manualInvoice,
  refusalOf,
  totalsOnly,
} from './decision-fixtures.ts';

/**
 * A form's amounts: computed from its lines, and refused when the totals sent disagree with them;
 * or typed by hand (no_auto_calculation), kept as sent within each country's bounds.
 */

const byHand = (invoice: unknown) =>
  formPayload({ taxform: { no_auto_calculation: 1 }, invoice: [invoice] });

const invalid = (...issues: [string, string, Record<string, unknown>][]) => ({
  code: 'VALIDATION_FAILED',
  issues,
});

/** A purchase comfortably above each country's minimum, and the VAT its highest rate gives. */
const PURCHASES = [
  { country: 'HR', gross: 500_00, vat: '100.00 EUR' },
  { country: 'SI', gross: 500_00, vat: '90.16 EUR' },
  // 500.00 would also fall short of the minimum: the whole of a qualifying purchase instead.
  { country: 'RS', gross: 6_000_00, vat: '1000.00 RSD' },
  { country: 'BA', gross: 500_00, vat: '72.65 BAM' },
] as const;

describe('amounts typed by hand (no_auto_calculation)', () => {
  it.each(PURCHASES)(
    '$country: allows a VAT a cent off its rate, keeps it and marks the form',
    ({ country, gross }) => {
      const rate = COUNTRY_RULES[country].vatRates[0]!;
      const vat = lineFromGross(gross, rate).vat + 1;
      const form = allowed(
        decideIssue(byHand(manualInvoice(gross, vat, rate)), issueContext(country)),
      );
      expect(form.payload.taxform.no_auto_calculation).toBe(1);
      expect(form.computed).toMatchObject({ gross, vat, refund: vat, net: gross - vat });
    },
  );

  it.each(PURCHASES)('$country: refuses a VAT equal to the whole purchase', (purchase) => {
    const { country, gross } = purchase;
    const invoice = manualInvoice(gross, gross, COUNTRY_RULES[country].vatRates[0]!);
    expect(refusalOf(decideIssue(byHand(invoice), issueContext(country)))).toEqual(
      invalid(['invoice.0.breakdown.0.vat_amount', 'manualVatOff', { expected: purchase.vat }]),
    );
  });

  it('refuses a VAT two cents off its rate, on issue and on update', () => {
    const context = issueContext('HR');
    const form = byHand(manualInvoice(125_00, 25_02, 25));
    const refusal = invalid([
      'invoice.0.breakdown.0.vat_amount',
      'manualVatOff',
      { expected: '25.00 EUR' },
    ]);
    expect(refusalOf(decideIssue(form, context))).toEqual(refusal);
    const editable = {
      stage: 'FORM_SUBMITTED',
      cancelled: false,
      exportDeadline: '2026-08-31',
      version: 1,
      storedCardNumber: () => null,
      storedIban: () => null,
    };
    expect(refusalOf(decideUpdate(editable, form, context))).toEqual(refusal);
  });

  it("refuses an invoice's totals that are not the sums of its lines", () => {
    const invoice = { ...manualInvoice(125_00, 25_00, 25), gross_sales_price: 130 };
    expect(refusalOf(decideIssue(byHand(invoice), issueContext('HR')))).toEqual(
      invalid(['invoice.0.gross_sales_price', 'manualTotalDisagrees', { expected: '125.00 EUR' }]),
    );
  });

  it('refuses a line whose net is not its gross less its VAT', () => {
    const invoice = invoiceOf(125_00, 25);
    const line = { ...invoice.breakdown[0]!, net_sales_amount: 80 };
    expect(
      refusalOf(decideIssue(byHand({ ...invoice, breakdown: [line] }), issueContext('HR'))),
    ).toEqual(
      invalid([
        'invoice.0.breakdown.0.net_sales_amount',
        'manualNetOff',
        { expected: '100.00 EUR' },
      ]),
    );
  });

  it('bounds an invoice typed as its totals alone by the VAT of the highest rate', () => {
    const context = issueContext('HR');
    const form = allowed(decideIssue(byHand(totalsOnly(500, 100.01, 100.01)), context));
    expect(form.computed).toMatchObject({ gross: 500_00, vat: 100_01, net: 399_99, fee: 0 });
    expect(refusalOf(decideIssue(byHand(totalsOnly(500, 500, 500)), context))).toEqual(
      invalid(['invoice.0.vat_amount', 'manualVatAboveRate', { maximum: '100.00 EUR', rate: 25 }]),
    );
  });

  describe('with a refund table that refunds 70 % of the VAT', () => {
    const context = issueContext('HR', {
      refund: { source: 'VAT_AMOUNT', tiers: [{ from: 0, to: null, percentage: 70 }] },
    });
    const withRefund = (refund: number) => {
      const invoice = manualInvoice(125_00, 25_00, 25);
      const line = { ...invoice.breakdown[0]!, customer_refund: refund };
      return { ...invoice, customer_refund: refund, refund_amount: refund, breakdown: [line] };
    };

    it('allows the refund the table gives and refuses a cent more', () => {
      expect(allowed(decideIssue(byHand(withRefund(17.5)), context)).computed).toMatchObject({
        vat: 25_00,
        refund: 17_50,
        fee: 7_50,
      });
      expect(refusalOf(decideIssue(byHand(withRefund(17.51)), context))).toEqual(
        invalid(['invoice.0.customer_refund', 'refundAboveTable', { maximum: '17.50 EUR' }]),
      );
    });

    it('bounds the refund of an invoice typed as its totals alone the same way', () => {
      expect(refusalOf(decideIssue(byHand(totalsOnly(500, 100, 100)), context))).toEqual(
        invalid(['invoice.0.customer_refund', 'refundAboveTable', { maximum: '70.00 EUR' }]),
      );
      expect(refusalOf(decideIssue(byHand(totalsOnly(500, 100, 70)), context))).toBeNull();
    });
  });
});

describe('amounts computed from the lines', () => {
  const context = issueContext('HR');
  const invoice = invoiceOf(125_00, 25);

  it('refuses totals more than a cent away from the lines (AMOUNTS_DISAGREE)', () => {
    const sent = formPayload({ invoice: [{ ...invoice, gross_sales_price: 125.02 }] });
    expect(refusalOf(decideIssue(sent, context))).toEqual({
      code: 'AMOUNTS_DISAGREE',
      issues: [['invoice.0.gross_sales_price', 'amountMismatch', {}]],
    });
  });

  it('allows a cent of rounding, and keeps the amounts computed rather than sent', () => {
    const sent = formPayload({ invoice: [{ ...invoice, gross_sales_price: 125.01 }] });
    const form = allowed(decideIssue(sent, context));
    expect(form.payload.taxform.no_auto_calculation).toBe(0);
    expect(form.computed).toMatchObject({ gross: 125_00, vat: 25_00, refund: 25_00 });
  });

  it('keeps amounts that disagree with the lines when they were typed by hand', () => {
    // A refund of 20.00 of the line's 25.00 of VAT: not what the table computes, but allowed.
    const lower = {
      ...invoice,
      customer_refund: 20,
      refund_amount: 20,
      breakdown: [{ ...invoice.breakdown[0]!, customer_refund: 20 }],
    };
    expect(refusalOf(decideIssue(formPayload({ invoice: [lower] }), context))).toEqual({
      code: 'AMOUNTS_DISAGREE',
      issues: [
        ['invoice.0.customer_refund', 'amountMismatch', {}],
        ['invoice.0.refund_amount', 'amountMismatch', {}],
        ['invoice.0.breakdown.0.customer_refund', 'amountMismatch', {}],
      ],
    });
    const form = allowed(decideIssue(byHand(lower), context));
    expect(form.payload.taxform.no_auto_calculation).toBe(1);
    expect(form.computed).toMatchObject({ vat: 25_00, refund: 20_00, fee: 5_00 });
  });

  it('refuses an invoice typed as its totals alone unless it is typed by hand', () => {
    const totals = totalsOnly(500, 100.01, 100.01);
    expect(refusalOf(decideIssue(formPayload({ invoice: [totals] }), context))?.code).toBe(
      'AMOUNTS_DISAGREE',
    );
    expect(refusalOf(decideIssue(byHand(totals), context))).toBeNull();
  });
});

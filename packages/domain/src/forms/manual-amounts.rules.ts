import { lineFromGross } from '../money/breakdown.rules.ts';
import { amountToCents } from '../money/money.rules.ts';
import { computeRefund } from '../refund/refund.rules.ts';
import type { TaxFormPayload } from './tax-form-payload.schema.ts';
import { money, type CountryCheckContext, type CountryIssue } from './country-issue.ts';

/**
 * Whether the form's amounts were typed by hand: "No auto calculation" ticked on a form of
 * invoices. A form of products has its amounts computed from its rows whatever the box says.
 */
export function isTypedByHand(payload: TaxFormPayload, productsMode: boolean): boolean {
  return payload.taxform.no_auto_calculation === 1 && !productsMode;
}

/**
 * Hand-typed amounts (no_auto_calculation), bounded: each invoice's totals are the sums of its
 * lines, each line's VAT is within a cent of what its rate gives for its gross and its net within
 * a cent of its gross less its VAT, and the refund is never above what the refund table gives for
 * that VAT. An invoice typed as its totals alone (no lines, as a receipt of several rates sums
 * them) has at most the VAT its rate, or the country's highest, gives for its gross.
 */
export function manualAmountIssues(
  payload: TaxFormPayload,
  context: CountryCheckContext,
): CountryIssue[] {
  if (!isTypedByHand(payload, context.productsMode)) return [];
  const issues: CountryIssue[] = [];
  const { currency } = context.rules;
  payload.invoice.forEach((entry, i) => {
    const at = (...rest: (string | number)[]) => ['invoice', i, ...rest];
    const lines = entry.breakdown.map((line) => ({
      rate: line.vat_product_rate,
      net: amountToCents(line.net_sales_amount),
      vat: amountToCents(line.vat_amount),
      gross: amountToCents(line.gross_sales_price),
      refund: amountToCents(line.customer_refund),
    }));
    lines.forEach((line, j) => {
      const expected = lineFromGross(line.gross, line.rate).vat;
      if (Math.abs(line.vat - expected) > 1) {
        issues.push({
          rule: 'amounts',
          path: at('breakdown', j, 'vat_amount'),
          message: 'manualVatOff',
          params: { expected: money(expected, currency) },
        });
      }
      const net = line.gross - line.vat;
      if (Math.abs(line.net - net) > 1) {
        issues.push({
          rule: 'amounts',
          path: at('breakdown', j, 'net_sales_amount'),
          message: 'manualNetOff',
          params: { expected: money(net, currency) },
        });
      }
    });
    const vat = amountToCents(entry.vat_amount);
    const gross = amountToCents(entry.gross_sales_price);
    if (lines.length === 0) {
      const rate = entry.vat_product_rate ?? Math.max(...context.rules.vatRates);
      const maximum = lineFromGross(gross, rate).vat;
      if (vat > maximum + 1) {
        issues.push({
          rule: 'amounts',
          path: at('vat_amount'),
          message: 'manualVatAboveRate',
          params: { maximum: money(maximum, currency), rate },
        });
      }
    } else {
      const sum = (field: 'vat' | 'gross' | 'refund') =>
        lines.reduce((total, line) => total + line[field], 0);
      const totals = [
        ['vat_amount', entry.vat_amount, sum('vat')],
        ['gross_sales_price', entry.gross_sales_price, sum('gross')],
        ['customer_refund', entry.customer_refund, sum('refund')],
      ] as const;
      for (const [field, sent, expected] of totals) {
        if (amountToCents(sent) !== expected) {
          issues.push({
            rule: 'amounts',
            path: at(field),
            message: 'manualTotalDisagrees',
            params: { expected: money(expected, currency) },
          });
        }
      }
    }
    const highest = computeRefund({ vatCents: vat, grossCents: gross }, context.refund).refund;
    if (amountToCents(entry.customer_refund) > highest) {
      issues.push({
        rule: 'amounts',
        path: at('customer_refund'),
        message: 'refundAboveTable',
        params: { maximum: money(highest, currency) },
      });
    }
  });
  return issues;
}

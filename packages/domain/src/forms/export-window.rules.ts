import { exportDeadline, type CountryRules } from '../countries/country-rules.ts';
import type { PayloadIssue, TaxFormPayload } from './tax-form-payload.schema.ts';
import type { CountryCheckContext, CountryIssue } from './country-issue.ts';

/** The form's dates and the window its goods must leave in, by the country's export deadline. */

/** The dates the export window runs from: each invoice's date, or the date of sale. */
function purchaseDates(payload: TaxFormPayload, productsMode: boolean): (string | null)[] {
  const { taxform: t, invoice, products } = payload;
  const fallback = t.invoice_date ?? t.date_of_sales;
  if (productsMode) {
    const dates = products.map((row) => row.simplified_invoice_date ?? fallback);
    return dates.length > 0 ? dates : [fallback];
  }
  return invoice.length > 0 ? invoice.map((entry) => entry.invoice_date ?? fallback) : [fallback];
}

/**
 * The last day the goods of the form may leave: the earliest deadline of its invoices (their dates,
 * else the date of sale, else today).
 */
export function formExportDeadline(
  rules: CountryRules,
  payload: TaxFormPayload,
  options: { productsMode: boolean; today: string },
): string {
  const deadlines = purchaseDates(payload, options.productsMode).map((date) =>
    exportDeadline(rules.exportDeadline, date ?? options.today),
  );
  return deadlines.reduce((earliest, day) => (day < earliest ? day : earliest));
}

export function dateIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
  const { taxform: t, invoice, products } = payload;
  const sale = t.date_of_sales ?? context.today;
  const issues: CountryIssue[] = [];
  const afterSale = (date: string | null, path: PayloadIssue['path']) => {
    if (date !== null && date > sale) {
      issues.push({ rule: 'exportWindow', path, message: 'invoiceAfterSale' });
    }
  };
  afterSale(t.invoice_date, ['taxform', 'invoice_date']);
  if (context.productsMode) {
    products.forEach((row, i) =>
      afterSale(row.simplified_invoice_date, ['products', i, 'simplified_invoice_date']),
    );
  } else {
    invoice.forEach((entry, i) => afterSale(entry.invoice_date, ['invoice', i, 'invoice_date']));
  }
  const deadline = formExportDeadline(context.rules, payload, context);
  if (deadline < context.today) {
    issues.push({
      rule: 'exportWindow',
      path: ['taxform', 'date_of_sales'],
      message: 'exportWindowClosed',
      params: { date: deadline },
    });
  }
  return issues;
}

import {
  isAboveCeiling,
  minimumShortfalls,
  smallestQualifyingAmount,
} from '../countries/country-rules.ts';
import type { Cents } from '../money/money.rules.ts';
import { computeProducts, productInvoices, type ComputedForm } from './tax-form-amounts.rules.ts';
import type { PayloadIssue, TaxFormPayload } from './tax-form-payload.schema.ts';
import {
  groupedMoney,
  money,
  type CountryCheckContext,
  type CountryIssue,
} from './country-issue.ts';

/** The country's minimum purchase and purchase ceiling, checked on a form's amounts. */

/** The message of a form above its ceiling, on its invoices or products and in the panel. */
export const ABOVE_CEILING_MESSAGE = 'formAboveCeiling';

/**
 * A form whose totals pass `ceiling` (cents; the country's purchaseCeiling), reported on its
 * invoices or its product rows as a whole, the ceiling named in the shop's currency.
 */
export function ceilingIssues(
  computed: ComputedForm,
  options: { ceiling: Cents; currency: string; productsMode: boolean },
): CountryIssue[] {
  if (!isAboveCeiling(options.ceiling, computed)) return [];
  return [
    {
      rule: 'amounts',
      path: [options.productsMode ? 'products' : 'invoice'],
      message: ABOVE_CEILING_MESSAGE,
      params: { ceiling: groupedMoney(options.ceiling, options.currency) },
    },
  ];
}

/**
 * Where each simplified invoice of a form of products falls short of a minimum counted per
 * invoice: its rows (VAT per rate, as its receipt counts it) apart from the other invoices'. Rows
 * without a simplified invoice are the form's own invoice, reported on the rows as a whole.
 */
function productInvoiceShortfalls(payload: TaxFormPayload, context: CountryCheckContext) {
  const settings = { purchaseAmountType: 'NET_AMOUNT', refund: context.refund } as const;
  // A form without rows is one empty invoice, short of the whole minimum.
  const invoices =
    payload.products.length > 0
      ? productInvoices(payload.products)
      : [{ number: '', firstRow: 0, rows: [] }];
  const amounts = invoices.map((invoice) => computeProducts(invoice.rows, settings));
  return minimumShortfalls(context.rules.minimumPurchase, amounts).map(({ invoice, missing }) => {
    const { number, firstRow } = invoices[invoice ?? 0]!;
    const path: PayloadIssue['path'] =
      number === '' ? ['products'] : ['products', firstRow, 'simplified_invoice_number'];
    return { path, missing };
  });
}

export function minimumIssues(
  payload: TaxFormPayload,
  computed: ComputedForm,
  context: CountryCheckContext,
): CountryIssue[] {
  const { minimumPurchase, currency } = context.rules;
  const minimum = money(smallestQualifyingAmount(minimumPurchase), currency);
  if (context.productsMode && minimumPurchase.per === 'invoice') {
    return productInvoiceShortfalls(payload, context).map(({ path, missing }) => ({
      rule: 'minimum',
      path,
      message: 'belowMinimumPerInvoice',
      params: { minimum, missing: money(missing, currency) },
    }));
  }
  return minimumShortfalls(minimumPurchase, computed.invoices).map((shortfall) => ({
    rule: 'minimum',
    path:
      shortfall.invoice === null
        ? [context.productsMode ? 'products' : 'invoice']
        : context.productsMode
          ? ['products']
          : ['invoice', shortfall.invoice, 'gross_sales_price'],
    message: shortfall.invoice === null ? 'belowMinimumPerForm' : 'belowMinimumPerInvoice',
    params: { minimum, missing: money(shortfall.missing, currency) },
  }));
}

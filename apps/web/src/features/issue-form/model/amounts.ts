import {
  type AmountSettings,
  amountToCents,
  computeInvoice,
  computeProducts,
  fromCents,
  type InvoicePayload,
  manualLineTotals,
  number,
  type PurchaseAmountType,
  STORABLE_AMOUNT_CEILING,
} from '@taxfree/domain';
import type { InvoiceValues, LineValues, ProductValues } from './tax-form-values';

/** The field a clerk types a line's amount into: its net or its gross (`purchase_amount_type`). */
export function typedAmountField(
  type: PurchaseAmountType,
): 'net_sales_amount' | 'gross_sales_price' {
  return type === 'NET_AMOUNT' ? 'net_sales_amount' : 'gross_sales_price';
}

/** The computed amounts of one invoice: what each read-only cell shows. */
export type ComputedInvoiceValues = Pick<
  InvoiceValues,
  'customer_refund' | 'gross_sales_price' | 'refund_amount' | 'vat_amount'
> & {
  /** The invoice's net total (not part of the payload's invoice entry). */
  net_amount: string;
  breakdown: LineValues[];
};

/**
 * An amount as its input keeps it (`AmountInput`): the wire's text once the input read it. Text
 * the input could not read, or an amount past what a form holds, counts as 0 in the amounts shown
 * while its field says why; the form's resolver refuses it (typed-amounts.ts), so it is never
 * sent, and the totals beside it never show a sum no form could carry.
 */
function keptNumber(text: string): number {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return 0;
  const value = Number(trimmed);
  return Math.abs(amountToCents(value)) > STORABLE_AMOUNT_CEILING ? 0 : value;
}

/**
 * The invoice's amounts recomputed from what the clerk typed on each line (the net or the gross,
 * per `purchase_amount_type`) with the domain's arithmetic: VAT per line, gross = net + VAT, the
 * refund by the company's refund table, spread over the lines. A typed amount that is not a
 * positive number counts as 0 here; the typed text itself is left as the clerk wrote it.
 */
export function computeInvoiceValues(
  invoice: InvoiceValues,
  settings: AmountSettings,
): ComputedInvoiceValues {
  const typed = typedAmountField(settings.purchaseAmountType);
  const payload: InvoicePayload = {
    invoice_date: null,
    invoice_reference_number: '',
    customer_refund: 0,
    gross_sales_price: 0,
    refund_amount: 0,
    vat_amount: 0,
    vat_product_rate: null,
    breakdown: invoice.breakdown.map((line) => ({
      vat_product_rate: Math.max(0, number(line.vat_product_rate)),
      net_sales_amount: typed === 'net_sales_amount' ? keptNumber(line.net_sales_amount) : 0,
      gross_sales_price: typed === 'gross_sales_price' ? keptNumber(line.gross_sales_price) : 0,
      vat_amount: 0,
      customer_refund: 0,
    })),
  };
  const computed = computeInvoice(payload, settings);
  return {
    customer_refund: fromCents(computed.refund),
    refund_amount: fromCents(computed.refund),
    gross_sales_price: fromCents(computed.gross),
    vat_amount: fromCents(computed.vat),
    net_amount: fromCents(computed.net),
    breakdown: invoice.breakdown.map((line, i) => {
      const result = computed.lines[i];
      return {
        ...line,
        net_sales_amount:
          typed === 'net_sales_amount' ? line.net_sales_amount : fromCents(result?.net ?? 0),
        gross_sales_price:
          typed === 'gross_sales_price' ? line.gross_sales_price : fromCents(result?.gross ?? 0),
        vat_amount: fromCents(result?.vat ?? 0),
        customer_refund: fromCents(result?.refund ?? 0),
      };
    }),
  };
}

const sumText = (values: string[]) =>
  fromCents(values.reduce((sum, value) => sum + Math.max(0, amountToCents(number(value))), 0));

/**
 * The invoice's amounts as typed by hand (no_auto_calculation): each line as the clerk wrote it,
 * the invoice's totals the sums of its lines (the server stores them as sent).
 */
export function manualInvoiceValues(invoice: InvoiceValues): ComputedInvoiceValues {
  const lines = invoice.breakdown;
  const totals = manualLineTotals(
    lines.map((line) => ({
      net_sales_amount: keptNumber(line.net_sales_amount),
      vat_amount: keptNumber(line.vat_amount),
      gross_sales_price: keptNumber(line.gross_sales_price),
      customer_refund: keptNumber(line.customer_refund),
    })),
  );
  const refund = fromCents(totals.refund);
  return {
    customer_refund: refund,
    refund_amount: refund,
    gross_sales_price: fromCents(totals.gross),
    vat_amount: fromCents(totals.vat),
    net_amount: fromCents(totals.net),
    breakdown: lines,
  };
}

/** An invoice's amounts: computed from the typed amounts, or as typed by hand. */
export function invoiceAmounts(
  invoice: InvoiceValues,
  settings: AmountSettings,
  manual: boolean,
): ComputedInvoiceValues {
  return manual ? manualInvoiceValues(invoice) : computeInvoiceValues(invoice, settings);
}

export type AmountTotalsValues = {
  net_amount: string;
  vat_amount: string;
  gross_sales_price: string;
  customer_refund: string;
};

/** The form's totals over its invoices. */
export function sumInvoiceTotals(invoices: readonly ComputedInvoiceValues[]): AmountTotalsValues {
  return {
    net_amount: sumText(invoices.map((invoice) => invoice.net_amount)),
    vat_amount: sumText(invoices.map((invoice) => invoice.vat_amount)),
    gross_sales_price: sumText(invoices.map((invoice) => invoice.gross_sales_price)),
    customer_refund: sumText(invoices.map((invoice) => invoice.customer_refund)),
  };
}

/**
 * The product rows' invoice (products mode) computed with the domain's `computeProducts`: each
 * row's net amount at its rate, VAT per row, the refund by the company's refund table.
 */
export function computeProductTotals(
  products: readonly ProductValues[],
  settings: AmountSettings,
): AmountTotalsValues {
  const computed = computeProducts(
    products.map((row) => ({
      classification: row.classification,
      description: row.description,
      quantity: Math.max(1, Math.trunc(number(row.quantity))),
      serial_number: row.serial_number,
      net_amount: keptNumber(row.net_amount),
      vat_rate: Math.max(0, number(row.vat_rate)),
      simplified_invoice_number: row.simplified_invoice_number,
      simplified_invoice_date: null,
    })),
    settings,
  );
  return {
    net_amount: fromCents(computed.net),
    vat_amount: fromCents(computed.vat),
    gross_sales_price: fromCents(computed.gross),
    customer_refund: fromCents(computed.refund),
  };
}

import {
  allocateCents,
  type AmountTotals,
  type BreakdownLine,
  lineFromAmount,
  lineFromNet,
  type PurchaseAmountType,
  sumLines,
} from '../money/breakdown.rules.ts';
import { amountToCents, type Cents, centsToAmount } from '../money/money.rules.ts';
import { computeRefund, operatorFee } from '../refund/refund.rules.ts';
import type { RefundCalculationSetting } from '../settings/settings.schema.ts';
import type {
  BreakdownLinePayload,
  InvoicePayload,
  ProductRowPayload,
  TaxFormPayload,
} from './tax-form-payload.schema.ts';

/**
 * The amounts of a form recomputed from its lines: what the server stores and prints, and what it
 * compares the browser's amounts with (they may differ by at most a cent, unless the clerk typed
 * them by hand with no_auto_calculation).
 *
 * - A breakdown line is computed from the amount as typed: its net (NET_AMOUNT) or its gross
 *   (GROSS_AMOUNT, the default), at its rate.
 * - An invoice without breakdown lines but with a rate is one line: its gross at that rate.
 * - The refund is computed per invoice (the minimums of DOMAIN.md are per invoice), then spread
 *   over the invoice's lines in proportion to their VAT, to the cent.
 * - In products mode the product rows (each row's net_amount is the row's total) make up a single
 *   invoice.
 */

export type AmountSettings = {
  purchaseAmountType: PurchaseAmountType;
  refund: RefundCalculationSetting;
};

export type ComputedLine = BreakdownLine & { refund: Cents };

export type ComputedInvoice = AmountTotals & {
  lines: ComputedLine[];
  refund: Cents;
  fee: Cents;
};

export type ComputedForm = AmountTotals & {
  invoices: ComputedInvoice[];
  refund: Cents;
  fee: Cents;
};

function withRefund(lines: BreakdownLine[], refundSetting: RefundCalculationSetting) {
  const totals = sumLines(lines);
  const { refund, fee } = computeRefund(
    { vatCents: totals.vat, grossCents: totals.gross },
    refundSetting,
  );
  const shares = allocateCents(
    refund,
    lines.map((line) => line.vat),
  );
  return {
    ...totals,
    lines: lines.map((line, i) => ({ ...line, refund: shares[i] ?? 0 })),
    refund,
    fee,
  };
}

export function computeInvoice(invoice: InvoicePayload, settings: AmountSettings): ComputedInvoice {
  const lines =
    invoice.breakdown.length > 0
      ? invoice.breakdown.map((line) =>
          lineFromAmount(
            amountToCents(
              settings.purchaseAmountType === 'NET_AMOUNT'
                ? line.net_sales_amount
                : line.gross_sales_price,
            ),
            line.vat_product_rate,
            settings.purchaseAmountType,
          ),
        )
      : invoice.vat_product_rate === null
        ? []
        : [
            lineFromAmount(
              amountToCents(invoice.gross_sales_price),
              invoice.vat_product_rate,
              'GROSS_AMOUNT',
            ),
          ];
  return withRefund(lines, settings.refund);
}

/**
 * The product rows as one invoice, as a receipt counts them: one line per rate, highest first,
 * its VAT computed on the rate's total net, not rounded row by row (three rows of 0.10 net at 13 %
 * have 0.04 of VAT, 13 % of 0.30, not 3 × 0.01).
 */
export function computeProducts(
  products: readonly ProductRowPayload[],
  settings: AmountSettings,
): ComputedInvoice {
  const netByRate = new Map<number, Cents>();
  for (const row of products) {
    netByRate.set(row.vat_rate, (netByRate.get(row.vat_rate) ?? 0) + amountToCents(row.net_amount));
  }
  const lines = [...netByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, net]) => lineFromNet(net, rate));
  return withRefund(lines, settings.refund);
}

/** The product rows sold on one invoice, and where the first of them is on the form. */
export type ProductInvoice = {
  /** The simplified invoice's number; '' for the form's own invoice. */
  number: string;
  firstRow: number;
  rows: ProductRowPayload[];
};

/**
 * The product rows by the invoice they were sold on, in the order each invoice first appears: a
 * row's simplified invoice (by its number), or the form's own invoice for a row without one.
 */
export function productInvoices(products: readonly ProductRowPayload[]): ProductInvoice[] {
  const byNumber = new Map<string, ProductInvoice>();
  products.forEach((row, index) => {
    const number = row.simplified_invoice_number.trim();
    const invoice = byNumber.get(number);
    if (invoice) invoice.rows.push(row);
    else byNumber.set(number, { number, firstRow: index, rows: [row] });
  });
  return [...byNumber.values()];
}

export function computeFormAmounts(
  payload: Pick<TaxFormPayload, 'invoice' | 'products'>,
  settings: AmountSettings & { productsMode: boolean },
): ComputedForm {
  const invoices = settings.productsMode
    ? [computeProducts(payload.products, settings)]
    : payload.invoice.map((invoice) => computeInvoice(invoice, settings));
  const totals = sumLines(invoices);
  return {
    ...totals,
    invoices,
    refund: invoices.reduce((sum, invoice) => sum + invoice.refund, 0),
    fee: invoices.reduce((sum, invoice) => sum + invoice.fee, 0),
  };
}

export type AmountMismatch = {
  /** The field's path in the payload, as in validation errors. */
  path: string;
  /** Currency units, as sent and as recomputed. */
  sent: number;
  computed: number;
};

/**
 * Where the invoice amounts sent disagree with the recomputed ones by more than `toleranceCents`
 * (SPEC: the server refuses those, unless no_auto_calculation was used).
 */
export function amountMismatches(
  invoices: readonly InvoicePayload[],
  settings: AmountSettings,
  toleranceCents = 1,
): AmountMismatch[] {
  const mismatches: AmountMismatch[] = [];
  const compare = (path: string, sent: number, computed: Cents) => {
    if (Math.abs(amountToCents(sent) - computed) > toleranceCents) {
      mismatches.push({ path, sent, computed: centsToAmount(computed) });
    }
  };
  invoices.forEach((invoice, i) => {
    const computed = computeInvoice(invoice, settings);
    compare(`invoice.${i}.gross_sales_price`, invoice.gross_sales_price, computed.gross);
    compare(`invoice.${i}.vat_amount`, invoice.vat_amount, computed.vat);
    compare(`invoice.${i}.customer_refund`, invoice.customer_refund, computed.refund);
    compare(`invoice.${i}.refund_amount`, invoice.refund_amount, computed.refund);
    invoice.breakdown.forEach((line, j) => {
      const at = `invoice.${i}.breakdown.${j}`;
      const expected = computed.lines[j];
      if (!expected) return;
      compare(`${at}.net_sales_amount`, line.net_sales_amount, expected.net);
      compare(`${at}.vat_amount`, line.vat_amount, expected.vat);
      compare(`${at}.gross_sales_price`, line.gross_sales_price, expected.gross);
      compare(`${at}.customer_refund`, line.customer_refund, expected.refund);
    });
  });
  return mismatches;
}

/** A breakdown line's amounts as the clerk typed them by hand (no_auto_calculation). */
export type ManualLine = Record<
  keyof Pick<
    BreakdownLinePayload,
    'net_sales_amount' | 'vat_amount' | 'gross_sales_price' | 'customer_refund'
  >,
  number | string
>;

/**
 * The sums of hand-typed lines, in cents: an invoice's totals as the Issue panel shows and sends
 * them. A negative amount (a half-typed one in the panel) counts as nothing.
 */
export function manualLineTotals(lines: readonly ManualLine[]): AmountTotals & { refund: Cents } {
  const sum = (field: keyof ManualLine) =>
    lines.reduce((total, line) => total + Math.max(0, amountToCents(line[field])), 0);
  return {
    net: sum('net_sales_amount'),
    vat: sum('vat_amount'),
    gross: sum('gross_sales_price'),
    refund: sum('customer_refund'),
  };
}

/**
 * A form's amounts typed by hand (no_auto_calculation), kept as sent: each line as typed; each
 * invoice's VAT, gross and refund as sent (the panel sends its lines' sums), its net the sum of its
 * lines (without lines, its gross less its VAT), its fee what the refund leaves of the VAT; the
 * form's totals their sums.
 */
export function manualFormAmounts(payload: Pick<TaxFormPayload, 'invoice'>): ComputedForm {
  const invoices = payload.invoice.map((invoice): ComputedInvoice => {
    const lines = invoice.breakdown.map((line) => ({
      rate: line.vat_product_rate,
      net: amountToCents(line.net_sales_amount),
      vat: amountToCents(line.vat_amount),
      gross: amountToCents(line.gross_sales_price),
      refund: amountToCents(line.customer_refund),
    }));
    const vat = amountToCents(invoice.vat_amount);
    const gross = amountToCents(invoice.gross_sales_price);
    const refund = amountToCents(invoice.customer_refund);
    return {
      lines,
      // Without lines, the invoice's totals alone: its net is what its VAT leaves of its gross.
      net: lines.length > 0 ? manualLineTotals(invoice.breakdown).net : Math.max(gross - vat, 0),
      vat,
      gross,
      refund,
      fee: operatorFee(vat, refund),
    };
  });
  const sum = (field: 'net' | 'vat' | 'gross' | 'refund' | 'fee') =>
    invoices.reduce((total, invoice) => total + invoice[field], 0);
  return {
    invoices,
    net: sum('net'),
    vat: sum('vat'),
    gross: sum('gross'),
    refund: sum('refund'),
    fee: sum('fee'),
  };
}

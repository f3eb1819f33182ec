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
  type TaxFormDetailResponse,
  type TaxFormPayload,
  type TaxFormPayloadInput,
  type Traveller,
} from '@taxfree/domain';

/**
 * The issue form's values: the payload of SPEC 7 (`{ taxform, invoice, products }`, snake_case)
 * with every field as the inputs hold it (text; ids as text; null for an empty select), so the
 * domain's `issueFormSchema` validates it as it stands and turns it into the wire payload.
 */
export type LineValues = {
  vat_product_rate: string;
  net_sales_amount: string;
  vat_amount: string;
  gross_sales_price: string;
  customer_refund: string;
};

export type InvoiceValues = {
  invoice_date: string;
  invoice_reference_number: string;
  customer_refund: string;
  gross_sales_price: string;
  refund_amount: string;
  vat_amount: string;
  vat_product_rate: string;
  breakdown: LineValues[];
};

export type TaxformValues = {
  traveler_name: string;
  traveler_surname: string;
  traveler_email: string;
  traveler_mobile: string;
  passport: string;
  issued_govt: string | null;
  nationality: string | null;
  traveler_dob: string;
  traveler_postcode: string;
  traveler_address: string;
  items: string;
  date_arrived: string;
  date_leaving: string;
  country_final: string | null;
  date_of_sales: string;
  invoice_date: string;
  method_of_shipment: string | null;
  freight_forward_name: string;
  freight_forward_address: string;
  method_of_refund: string | null;
  acc_details: string;
  email_or_mobile: string;
  iban: string;
  swift: string;
  bank_name: string;
  bank_address: string;
  invoice_reference_number: string;
  no_auto_calculation: 0 | 1;
};

/** A product row (products mode): its net_amount is the row's total, not a unit price. */
export type ProductValues = {
  classification: string;
  description: string;
  quantity: string;
  serial_number: string;
  net_amount: string;
  vat_rate: string;
  simplified_invoice_number: string;
  simplified_invoice_date: string;
};

export type IssueFormValues = {
  taxform: TaxformValues;
  invoice: InvoiceValues[];
  products: ProductValues[];
};

/** SPEC 4: a new form's issuing country. */
export const DEFAULT_ISSUING_COUNTRY = '42';
export const DEFAULT_SHIPMENT = 'Carried by the traveller';
export const ZERO = '0.00';

/** The field a clerk types a line's amount into: its net or its gross (`purchase_amount_type`). */
export function typedAmountField(
  type: PurchaseAmountType,
): 'net_sales_amount' | 'gross_sales_price' {
  return type === 'NET_AMOUNT' ? 'net_sales_amount' : 'gross_sales_price';
}

export function emptyLine(rate: number | undefined): LineValues {
  return {
    vat_product_rate: rate === undefined ? '' : String(rate),
    net_sales_amount: ZERO,
    vat_amount: ZERO,
    gross_sales_price: ZERO,
    customer_refund: ZERO,
  };
}

export function emptyInvoice(today: string, rate: number | undefined): InvoiceValues {
  return {
    invoice_date: today,
    invoice_reference_number: '',
    customer_refund: ZERO,
    gross_sales_price: ZERO,
    refund_amount: ZERO,
    vat_amount: ZERO,
    vat_product_rate: '',
    breakdown: [emptyLine(rate)],
  };
}

/** A new product row: quantity 1 (SPEC 9), the first rate, the net amount still to type. */
export function emptyProduct(today: string, rate: number | undefined): ProductValues {
  return {
    classification: '',
    description: '',
    quantity: '1',
    serial_number: '',
    net_amount: '',
    vat_rate: rate === undefined ? '' : String(rate),
    simplified_invoice_number: '',
    simplified_invoice_date: today,
  };
}

/** A new form (SPEC 4): issuing country 42, carried by the traveller, dates today, amounts 0. */
export function newFormValues(today: string, firstRate: number | undefined): IssueFormValues {
  return {
    taxform: {
      traveler_name: '',
      traveler_surname: '',
      traveler_email: '',
      traveler_mobile: '',
      passport: '',
      issued_govt: DEFAULT_ISSUING_COUNTRY,
      nationality: null,
      traveler_dob: '',
      traveler_postcode: '',
      traveler_address: '',
      items: '',
      date_arrived: today,
      date_leaving: today,
      country_final: null,
      date_of_sales: today,
      invoice_date: today,
      method_of_shipment: DEFAULT_SHIPMENT,
      freight_forward_name: '',
      freight_forward_address: '',
      method_of_refund: null,
      acc_details: '',
      email_or_mobile: '',
      iban: '',
      swift: '',
      bank_name: '',
      bank_address: '',
      invoice_reference_number: '',
      no_auto_calculation: 0,
    },
    invoice: [emptyInvoice(today, firstRate)],
    products: [emptyProduct(today, firstRate)],
  };
}

const amountText = (value: number | null | undefined) => fromCents(amountToCents(value ?? 0));
const idText = (value: number | null | undefined) =>
  value === null || value === undefined ? null : String(value);
const text = (value: string | null | undefined) => value ?? '';

/** A stored form (`GET …/taxforms/{id}`) as the form's values; masked card and IBAN as they come. */
export function detailToValues(detail: TaxFormDetailResponse): IssueFormValues {
  const t = detail.taxforms;
  const invoices: InvoiceValues[] = detail.invoice.map((invoice) => ({
    invoice_date: text(invoice.invoice_date),
    invoice_reference_number: text(invoice.invoice_reference_number),
    customer_refund: amountText(invoice.customer_refund),
    gross_sales_price: amountText(invoice.gross_sales_price),
    refund_amount: amountText(invoice.refund_amount),
    vat_amount: amountText(invoice.vat_amount),
    vat_product_rate: invoice.vat_product_rate === null ? '' : String(invoice.vat_product_rate),
    breakdown: invoice.breakdown.map((line) => ({
      vat_product_rate: String(line.vat_product_rate),
      net_sales_amount: amountText(line.net_sales_amount),
      vat_amount: amountText(line.vat_amount),
      gross_sales_price: amountText(line.gross_sales_price),
      customer_refund: amountText(line.customer_refund),
    })),
  }));
  return {
    taxform: {
      traveler_name: t.traveler_name,
      traveler_surname: t.traveler_surname,
      traveler_email: text(t.traveler_email),
      traveler_mobile: text(t.traveler_mobile),
      passport: t.passport,
      issued_govt: idText(t.issued_govt),
      nationality: idText(t.nationality),
      traveler_dob: text(t.traveler_dob),
      traveler_postcode: text(t.traveler_postcode),
      traveler_address: text(t.traveler_address),
      items: text(t.items),
      date_arrived: text(t.date_arrived),
      date_leaving: text(t.date_leaving),
      country_final: idText(t.country_final),
      date_of_sales: text(t.date_of_sales),
      invoice_date: text(t.invoice_date),
      method_of_shipment: t.method_of_shipment || null,
      freight_forward_name: text(t.freight_forward_name),
      freight_forward_address: text(t.freight_forward_address),
      method_of_refund: t.method_of_refund || null,
      acc_details: text(t.acc_details),
      email_or_mobile: text(t.email_or_mobile),
      iban: text(t.iban),
      swift: text(t.swift),
      bank_name: text(t.bank_name),
      bank_address: text(t.bank_address),
      invoice_reference_number: text(t.invoice_reference_number),
      no_auto_calculation: t.no_auto_calculation,
    },
    invoice: invoices,
    products: detail.products.map((row) => ({
      classification: row.classification,
      description: row.description,
      quantity: String(row.quantity),
      serial_number: text(row.serial_number),
      net_amount: amountText(row.net_amount),
      vat_rate: String(row.vat_rate),
      simplified_invoice_number: text(row.simplified_invoice_number),
      simplified_invoice_date: text(row.simplified_invoice_date),
    })),
  };
}

/** A known traveller's (or a scan's) fields over the form's traveller fields. */
export function travellerPatch(traveller: Partial<Traveller>): Partial<TaxformValues> {
  const patch: Partial<TaxformValues> = {};
  const set = <K extends keyof TaxformValues>(key: K, value: TaxformValues[K] | undefined) => {
    if (value !== undefined && value !== '' && value !== null) patch[key] = value;
  };
  set('traveler_name', traveller.traveler_name);
  set('traveler_surname', traveller.traveler_surname);
  set('traveler_email', traveller.traveler_email ?? undefined);
  set('traveler_mobile', traveller.traveler_mobile ?? undefined);
  set('passport', traveller.passport);
  set('issued_govt', idText(traveller.issued_govt));
  set('nationality', idText(traveller.nationality));
  set('traveler_dob', traveller.traveler_dob ?? undefined);
  set('traveler_postcode', traveller.traveler_postcode ?? undefined);
  set('traveler_address', traveller.traveler_address ?? undefined);
  return patch;
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
 * The invoice's amounts recomputed from what the clerk typed on each line (the net or the gross,
 * per `purchase_amount_type`) with the domain's arithmetic: VAT per line, gross = net + VAT, the
 * refund by the company's refund table, spread over the lines. A typed amount that is not a
 * positive number counts as 0 (SPEC 4); the typed text itself is left as the clerk wrote it.
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
      net_sales_amount: typed === 'net_sales_amount' ? number(line.net_sales_amount) : 0,
      gross_sales_price: typed === 'gross_sales_price' ? number(line.gross_sales_price) : 0,
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
  const totals = manualLineTotals(lines);
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
      net_amount: number(row.net_amount),
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

/** The refund detail of the chosen method is empty (SPEC 5 "Empty refund details"). */
export function missingRefundDetail(
  taxform: Pick<TaxformValues, 'method_of_refund' | 'acc_details' | 'email_or_mobile' | 'iban'>,
): 'card' | 'email' | 'iban' | null {
  const empty = (value: string) => value.trim() === '';
  if (taxform.method_of_refund === 'option2' && empty(taxform.acc_details)) return 'card';
  if (taxform.method_of_refund === 'option3' && empty(taxform.email_or_mobile)) return 'email';
  if (taxform.method_of_refund === 'option6' && empty(taxform.iban)) return 'iban';
  return null;
}

/**
 * The validated payload as sent: in single-invoice mode the form's invoice reference and invoice
 * date are also the invoice's.
 */
export function toWirePayload(
  payload: TaxFormPayload,
  multipleInvoices: boolean,
): TaxFormPayloadInput {
  if (multipleInvoices) return payload;
  const [first, ...rest] = payload.invoice;
  const invoice = first
    ? [
        {
          ...first,
          invoice_reference_number:
            first.invoice_reference_number || payload.taxform.invoice_reference_number,
        },
        ...rest,
      ]
    : [];
  return {
    ...payload,
    taxform: {
      ...payload.taxform,
      invoice_date: first?.invoice_date ?? payload.taxform.invoice_date,
    },
    invoice,
  };
}

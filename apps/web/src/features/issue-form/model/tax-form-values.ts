import type { FieldPath } from 'react-hook-form';

/**
 * The issue form's values: the payload of SPEC 7 (`{ taxform, invoice, products }`, snake_case)
 * with every field as the inputs hold it (text; ids as text; null for an empty select), so the
 * domain's `issueFormSchema` validates it as it stands and turns it into the wire payload. Their
 * amounts are in amounts.ts, their conversion from and to the wire in form-payload.ts.
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
  /** The fiscal receipt a scan read the invoice from (its fiscal id or number); '' when typed. */
  receipt_id: string;
  customer_refund: string;
  gross_sales_price: string;
  refund_amount: string;
  vat_amount: string;
  vat_product_rate: string;
  breakdown: LineValues[];
};

export type TaxFormValues = {
  traveler_name: string;
  traveler_surname: string;
  traveler_email: string;
  /** The language of the traveller's e-mails; null: by the nationality (the server decides). */
  traveller_language: string | null;
  traveler_mobile: string;
  passport: string;
  issued_govt: string | null;
  nationality: string | null;
  /** The country the traveller lives in; null: the issuing country. */
  residence_country: string | null;
  /** The document proving a residence other than the issuing country (a residence permit's number). */
  residence_proof: string;
  /** The identity document's expiry date. */
  passport_expiry: string;
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
  taxform: TaxFormValues;
  invoice: InvoiceValues[];
  products: ProductValues[];
};

/** SPEC 4: a new form's issuing country. */
export const DEFAULT_ISSUING_COUNTRY = '42';
export const DEFAULT_SHIPMENT = 'Carried by the traveller';
export const ZERO = '0.00';

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
    receipt_id: '',
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
      traveller_language: null,
      traveler_mobile: '',
      passport: '',
      issued_govt: DEFAULT_ISSUING_COUNTRY,
      nationality: null,
      residence_country: null,
      residence_proof: '',
      passport_expiry: '',
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

/** The refund detail of the chosen method is empty (SPEC 5 "Empty refund details"). */
export function missingRefundDetail(
  taxform: Pick<TaxFormValues, 'method_of_refund' | 'acc_details' | 'email_or_mobile' | 'iban'>,
): 'card' | 'email' | 'iban' | null {
  const empty = (value: string) => value.trim() === '';
  if (taxform.method_of_refund === 'option2' && empty(taxform.acc_details)) return 'card';
  if (taxform.method_of_refund === 'option3' && empty(taxform.email_or_mobile)) return 'email';
  if (taxform.method_of_refund === 'option6' && empty(taxform.iban)) return 'iban';
  return null;
}

/**
 * Whether a field the server names is one of the form's: every field of the payload sits under
 * `taxform`, `invoice` or `products` (`taxform.passport`, `invoice.0.breakdown.1.vat_amount`).
 */
export function isIssueFormField(field: string): field is FieldPath<IssueFormValues> {
  return /^(taxform|invoice|products)(\.|$)/.test(field);
}

/** The fields of one traveller that their document does not fill (see ANOTHER_TRAVELLER). */
const TRAVELLERS_OWN_FIELDS = [
  'traveler_email',
  'traveller_language',
  'traveler_mobile',
  'nationality',
  'residence_country',
  'residence_proof',
  'passport_expiry',
  'traveler_dob',
  'traveler_postcode',
  'traveler_address',
  'acc_details',
  'email_or_mobile',
  'iban',
  'swift',
  'bank_name',
  'bank_address',
] as const satisfies readonly (keyof TaxFormValues)[];

/**
 * Those fields as a new form has them: a scan of another person's document over a form (a draft
 * restored, the wrong passport scanned first) empties them, so the next traveller's form never
 * carries the last one's phone, address or refund account.
 */
export const ANOTHER_TRAVELLER: Partial<TaxFormValues> = (() => {
  const blank = newFormValues('', undefined).taxform;
  return Object.fromEntries(TRAVELLERS_OWN_FIELDS.map((field) => [field, blank[field]]));
})();

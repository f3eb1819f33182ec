import {
  amountToCents,
  fromCents,
  type TaxFormDetailResponse,
  type TaxFormPayload,
  type ScannedTravellerAnswer,
  type TaxFormPayloadInput,
} from '@taxfree/domain';
import type { InvoiceValues, IssueFormValues, TaxFormValues } from './tax-form-values';

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
    receipt_id: text(invoice.receipt_id),
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
      traveller_language: t.traveller_language ?? null,
      traveler_mobile: text(t.traveler_mobile),
      passport: t.passport,
      issued_govt: idText(t.issued_govt),
      nationality: idText(t.nationality),
      residence_country: idText(t.residence_country),
      residence_proof: text(t.residence_proof),
      passport_expiry: text(t.passport_expiry),
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

/**
 * A known traveller's (or a scan's) fields over the form's traveller fields; a scan also carries
 * the document's expiry date.
 */
export function travellerPatch(traveller: Partial<ScannedTravellerAnswer>): Partial<TaxFormValues> {
  const patch: Partial<TaxFormValues> = {};
  const set = <K extends keyof TaxFormValues>(key: K, value: TaxFormValues[K] | undefined) => {
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
  set('passport_expiry', traveller.passport_expiry ?? undefined);
  set('traveler_postcode', traveller.traveler_postcode ?? undefined);
  set('traveler_address', traveller.traveler_address ?? undefined);
  return patch;
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

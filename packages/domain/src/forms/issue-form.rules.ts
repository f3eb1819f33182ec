import type { GeneralSetting, TaxFreeSetting, VatSetting } from '../settings/settings.schema.ts';
import { type CountryCode, checkPhone } from '../contact/contact.rules.ts';
import { isValidEmail } from '../contact/email.rules.ts';
import { isValidCardNumber } from '../payment/card.rules.ts';
import { isValidBicCode, isValidIbanNumber } from '../payment/bank.rules.ts';
import { addDays, localToday } from './wire-fields.schema.ts';
import {
  FREIGHT_FORWARDING,
  isRefundMethod,
  type TaxFormFieldsPayload,
} from './tax-form-fields.schema.ts';
import type { Path, PayloadIssue, TaxFormPayload } from './tax-form-payload-shape.schema.ts';

/**
 * The rules of SPEC 5 "Issue form" that depend on the company's settings or on other fields, on a
 * payload whose shape is checked (tax-form-payload.schema.ts runs them).
 */

export type IssueFormSettings = {
  general: GeneralSetting;
  taxFree: TaxFreeSetting;
  vat: VatSetting;
};

export type IssueFormOptions = {
  /** Today as yyyy-mm-dd, read at each validation (default: the local date). */
  today?: () => string;
  /** The country national phone numbers are read for (usually the shop's); none: '+' needed. */
  phoneCountry?: CountryCode;
};

const isOn = (flag: 0 | 1) => flag === 1;

/** Every settings-dependent and cross-field rule of SPEC 5 "Issue form". */
export function issueFormIssues(
  payload: TaxFormPayload,
  settings: IssueFormSettings,
  options: IssueFormOptions,
): PayloadIssue[] {
  const issues: PayloadIssue[] = [];
  const { taxform: t, invoice, products } = payload;
  const { general: g, taxFree: f } = settings;
  const tf = (field: keyof TaxFormFieldsPayload, message: string) =>
    issues.push({ path: ['taxform', field], message });
  const requireIf = (flag: 0 | 1, field: keyof TaxFormFieldsPayload, message: string) => {
    const value = t[field];
    if (isOn(flag) && (value === '' || value === null)) tf(field, message);
  };
  // A day's grace for the time zones between the browser, the server and the shop.
  const latest = addDays((options.today ?? localToday)(), 1);
  const inFuture = (date: string | null) => date !== null && date > latest;

  // The traveller
  if (t.traveler_mobile !== '' && !checkPhone(t.traveler_mobile, options.phoneCountry).isValid) {
    tf('traveler_mobile', 'mobileInvalid');
  }
  requireIf(f.traveler_email_id_required, 'traveler_email', 'emailRequired');
  requireIf(f.nationality_in_issue_form, 'nationality', 'nationalityRequired');
  requireIf(f.traveler_dob_required, 'traveler_dob', 'dateOfBirthRequired');
  requireIf(f.traveler_postcode_required, 'traveler_postcode', 'postcodeRequired');
  requireIf(f.purchase_details_required, 'items', 'purchaseDetailsRequired');
  requireIf(f.method_of_shipment_required, 'method_of_shipment', 'shipmentMethodRequired');
  requireIf(f.final_destination_fields_required, 'country_final', 'finalDestinationRequired');
  requireIf(f.final_destination_fields_required, 'date_arrived', 'arrivalDateRequired');
  requireIf(f.final_destination_fields_required, 'date_leaving', 'leavingDateRequired');
  if (t.method_of_shipment === FREIGHT_FORWARDING) {
    if (t.freight_forward_name === '') tf('freight_forward_name', 'freightForwarderNameRequired');
    if (t.freight_forward_address === '') {
      tf('freight_forward_address', 'freightForwarderAddressRequired');
    }
  }

  // Dates
  if (inFuture(t.traveler_dob)) tf('traveler_dob', 'dateInFuture');
  if (inFuture(t.date_of_sales)) tf('date_of_sales', 'dateInFuture');
  if (inFuture(t.invoice_date)) tf('invoice_date', 'dateInFuture');
  if (t.date_arrived !== null && t.date_leaving !== null && t.date_leaving < t.date_arrived) {
    tf('date_leaving', 'leavingBeforeArrival');
  }

  // The refund method and its detail: required when the flag says so, valid whenever given.
  const offered = g.refund_methods.split(',').map((m) => m.trim());
  if (isRefundMethod(t.method_of_refund) && !offered.includes(t.method_of_refund)) {
    tf('method_of_refund', 'refundMethodNotOffered');
  }
  const mandatory = isOn(f.refund_addition_fields_mandatory);
  if (t.method_of_refund === 'option2') {
    if (t.acc_details === '') {
      if (mandatory) tf('acc_details', 'cardNumberRequired');
    } else if (!isValidCardNumber(t.acc_details)) tf('acc_details', 'cardNumberInvalid');
  } else if (t.method_of_refund === 'option3') {
    if (t.email_or_mobile === '') {
      if (mandatory) tf('email_or_mobile', 'refundEmailRequired');
    } else if (!isValidEmail(t.email_or_mobile)) tf('email_or_mobile', 'emailInvalid');
  } else if (t.method_of_refund === 'option6') {
    if (t.iban === '') {
      if (mandatory) tf('iban', 'ibanRequired');
    } else if (!isValidIbanNumber(t.iban)) tf('iban', 'ibanInvalid');
    if (t.swift !== '' && !isValidBicCode(t.swift)) tf('swift', 'bicInvalid');
  }

  // Invoices or products
  const productsMode = isOn(f.products_in_tfs_form);
  if (productsMode && products.length === 0) {
    issues.push({ path: ['products'], message: 'productsRequired' });
  }
  if (!productsMode && invoice.length === 0) {
    issues.push({ path: ['invoice'], message: 'invoiceRequired' });
  }
  if (isOn(g.invoice_ref_no_required)) {
    if (isOn(g.multiple_invoice_required) && !productsMode) {
      invoice.forEach((entry, i) => {
        if (entry.invoice_reference_number === '') {
          issues.push({
            path: ['invoice', i, 'invoice_reference_number'],
            message: 'invoiceReferenceRequired',
          });
        }
      });
    } else if (
      t.invoice_reference_number === '' &&
      !invoice.some((entry) => entry.invoice_reference_number !== '')
    ) {
      tf('invoice_reference_number', 'invoiceReferenceRequired');
    }
  }
  invoice.forEach((entry, i) => {
    const at = (...rest: Path): Path => ['invoice', i, ...rest];
    if (!productsMode && entry.gross_sales_price <= 0) {
      issues.push({ path: at('gross_sales_price'), message: 'grossAmountRequired' });
    }
    // The refund is part of the VAT: it can never exceed it.
    for (const field of ['customer_refund', 'refund_amount'] as const) {
      if (entry.vat_amount >= 0 && entry[field] > entry.vat_amount) {
        issues.push({ path: at(field), message: 'refundExceedsVat' });
      }
    }
    if (inFuture(entry.invoice_date))
      issues.push({ path: at('invoice_date'), message: 'dateInFuture' });
    entry.breakdown.forEach((line, j) => {
      if (line.vat_amount >= 0 && line.customer_refund > line.vat_amount) {
        issues.push({ path: at('breakdown', j, 'customer_refund'), message: 'refundExceedsVat' });
      }
    });
  });
  products.forEach((row, i) => {
    if (inFuture(row.simplified_invoice_date)) {
      issues.push({ path: ['products', i, 'simplified_invoice_date'], message: 'dateInFuture' });
    }
  });
  return issues;
}

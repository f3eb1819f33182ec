import { z } from 'zod';
import {
  REFUND_METHODS,
  type GeneralSetting,
  type RefundMethod,
  type TaxFreeSetting,
  type VatSetting,
} from '../settings/settings.schema.ts';
import { type CountryCode, isValidEmail, checkPhone } from '../contact/contact.rules.ts';
import { isValidCardNumber, normaliseCardNumber } from '../payment/card.rules.ts';
import {
  isValidBicCode,
  isValidIbanNumber,
  normaliseBic,
  normaliseIban,
} from '../payment/bank.rules.ts';
import {
  addDays,
  localToday,
  requiredId,
  requiredText,
  wireAmount,
  wireDate,
  wireFlag,
  wireId,
  wireOptionalRate,
  wireQuantity,
  wireRate,
  wireText,
} from './wire-fields.schema.ts';
import { wireTravellerLanguage } from '../traveller/traveller-language.ts';

/**
 * The issue / update payload `{ taxform, invoice, products }` (SPEC 3 and 7, snake_case), and the
 * cancel payload. Amounts are decimal numbers in currency units (at most two decimals), dates
 * 'yyyy-mm-dd' ('' and '0000-00-00' are empty and come out as null). Messages are keys of the
 * `validation` catalogue; paths follow the payload ('taxform.traveler_name',
 * 'invoice.0.breakdown.1.net_sales_amount').
 *
 * `taxFormPayloadSchema` checks shapes and what SPEC 5 requires always. `issueFormSchema(settings)`
 * adds every rule that depends on the company's settings or on other fields: the browser's form runs
 * it; the server, which has parsed the shape already, runs those rules alone with `checkIssueForm`.
 */

/** Shipment methods (SPEC 9), stored as these texts. */
export const SHIPMENT_METHODS = [
  'Carried by the traveller',
  'Sent by post',
  'Sent by freight forwarding company',
] as const;
export type ShipmentMethod = (typeof SHIPMENT_METHODS)[number];
export const FREIGHT_FORWARDING: ShipmentMethod = 'Sent by freight forwarding company';

const isShipmentMethod = (value: string): value is ShipmentMethod =>
  (SHIPMENT_METHODS as readonly string[]).includes(value);
const isRefundMethod = (value: string): value is RefundMethod =>
  (REFUND_METHODS as readonly string[]).includes(value);

/** Most rows a payload may carry: far above any real form, low enough to bound the work. */
export const MAX_INVOICES = 50;
export const MAX_BREAKDOWN_LINES = 20;
export const MAX_PRODUCT_ROWS = 200;

function rows<T extends z.ZodType>(row: T, max: number) {
  return z
    .array(row)
    .max(max, 'tooManyRows')
    .nullish()
    .transform((value) => value ?? []);
}

export const breakdownLinePayloadSchema = z.object({
  vat_product_rate: wireRate('vatRateRequired'),
  net_sales_amount: wireAmount('netAmountRequired'),
  vat_amount: wireAmount(),
  gross_sales_price: wireAmount(),
  customer_refund: wireAmount(),
});
export type BreakdownLinePayload = z.output<typeof breakdownLinePayloadSchema>;

export const invoicePayloadSchema = z.object({
  invoice_date: wireDate,
  invoice_reference_number: wireText(100),
  customer_refund: wireAmount(),
  gross_sales_price: wireAmount(),
  refund_amount: wireAmount(),
  vat_amount: wireAmount(),
  vat_product_rate: wireOptionalRate,
  breakdown: rows(breakdownLinePayloadSchema, MAX_BREAKDOWN_LINES),
});
export type InvoicePayload = z.output<typeof invoicePayloadSchema>;

/** A product row. Its net_amount is the row's total (all `quantity` pieces), not a unit price. */
export const productRowPayloadSchema = z.object({
  classification: requiredText(50, 'classificationRequired'),
  description: requiredText(500, 'descriptionRequired'),
  quantity: wireQuantity('quantityRequired'),
  serial_number: wireText(100),
  net_amount: wireAmount('netAmountRequired'),
  vat_rate: wireRate('vatRateRequired'),
  simplified_invoice_number: wireText(100),
  simplified_invoice_date: wireDate,
});
export type ProductRowPayload = z.output<typeof productRowPayloadSchema>;

export const taxFormFieldsPayloadSchema = z.object({
  traveler_name: requiredText(100, 'travelerNameRequired'),
  traveler_surname: requiredText(100, 'travelerSurnameRequired'),
  traveler_email: wireText(254).refine((v) => v === '' || isValidEmail(v), 'emailInvalid'),
  /** The language of the traveller's e-mails; left out: from the nationality (traveller-language.ts). */
  traveller_language: wireTravellerLanguage,
  traveler_mobile: requiredText(40, 'mobileRequired'),
  passport: requiredText(30, 'passportRequired'),
  /** The issuing country's id (SPEC 4: 42 on a new form). */
  issued_govt: requiredId('issuingCountryRequired'),
  nationality: wireId,
  /** The country the traveller lives in (an id, like issued_govt); none: the issuing country. */
  residence_country: wireId,
  /** The document that proves a residence other than the issuing country (e.g. a permit's number). */
  residence_proof: wireText(100),
  /** The identity document's expiry date. */
  passport_expiry: wireDate,
  traveler_dob: wireDate,
  traveler_postcode: wireText(20),
  traveler_address: requiredText(500, 'addressRequired'),
  /** Purchase details: a text of several lines. */
  items: wireText(2000, 'several'),
  date_arrived: wireDate,
  date_leaving: wireDate,
  /** The final destination's country id. */
  country_final: wireId,
  date_of_sales: wireDate,
  invoice_date: wireDate,
  method_of_shipment: wireText(50)
    .refine((v) => v === '' || isShipmentMethod(v), 'invalidValue')
    .transform((v) => v as ShipmentMethod | ''),
  freight_forward_name: wireText(200),
  freight_forward_address: wireText(500),
  method_of_refund: requiredText(20, 'refundMethodRequired')
    .refine((v) => v === '' || isRefundMethod(v), 'invalidValue')
    .transform((v) => v as RefundMethod),
  /** The card number (option2). */
  acc_details: wireText(40),
  /** The refund e-mail (option3). */
  email_or_mobile: wireText(254),
  iban: wireText(50),
  swift: wireText(20),
  bank_name: wireText(200),
  bank_address: wireText(500),
  invoice_reference_number: wireText(100),
  /** 1: amounts were typed by hand, not computed (recorded on the form). */
  no_auto_calculation: wireFlag,
});
export type TaxFormFieldsPayload = z.output<typeof taxFormFieldsPayloadSchema>;

/** Shapes and the always-required fields; no settings needed (e.g. a route's body schema). */
export const taxFormPayloadSchema = z.object({
  taxform: taxFormFieldsPayloadSchema,
  invoice: rows(invoicePayloadSchema, MAX_INVOICES),
  products: rows(productRowPayloadSchema, MAX_PRODUCT_ROWS),
});
export type TaxFormPayload = z.output<typeof taxFormPayloadSchema>;
export type TaxFormPayloadInput = z.input<typeof taxFormPayloadSchema>;

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

type Path = (string | number)[];
/** A rule a payload breaks: where, the message's key, and the figures the message names. */
export type PayloadIssue = {
  path: Path;
  message: string;
  params?: Record<string, string | number>;
};

const isOn = (flag: 0 | 1) => flag === 1;

/** Every settings-dependent and cross-field rule of SPEC 5 "Issue form". */
function issueFormIssues(
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

/**
 * The refund details of the chosen method only, normalised (card digits, IBAN in electronic
 * format, BIC in capitals, mobile in E.164): a card number is not kept for a cash refund.
 * Freight forwarder fields are kept only for freight forwarding. An empty date of sale is today
 * (SPEC 4: a new form's dates default to today).
 */
function normaliseTaxForm(
  t: TaxFormFieldsPayload,
  options: IssueFormOptions,
): TaxFormFieldsPayload {
  const method = t.method_of_refund;
  const freight = t.method_of_shipment === FREIGHT_FORWARDING;
  return {
    ...t,
    date_of_sales: t.date_of_sales ?? (options.today ?? localToday)(),
    traveler_mobile: checkPhone(t.traveler_mobile, options.phoneCountry).e164 ?? t.traveler_mobile,
    freight_forward_name: freight ? t.freight_forward_name : '',
    freight_forward_address: freight ? t.freight_forward_address : '',
    acc_details: method === 'option2' ? normaliseCardNumber(t.acc_details) : '',
    email_or_mobile: method === 'option3' ? t.email_or_mobile : '',
    iban: method === 'option6' ? normaliseIban(t.iban) : '',
    swift: method === 'option6' ? normaliseBic(t.swift) : '',
    bank_name: method === 'option6' ? t.bank_name : '',
    bank_address: method === 'option6' ? t.bank_address : '',
  };
}

/** A payload checked against the company's settings: normalised, or the issues found. */
export type IssueFormCheck =
  { success: true; data: TaxFormPayload } | { success: false; issues: PayloadIssue[] };

/**
 * Every settings-dependent and cross-field rule of SPEC 5 on a payload whose shape
 * `taxFormPayloadSchema` has already checked, and the payload normalised: what the server runs
 * once on the body it parsed.
 */
export function checkIssueForm(
  payload: TaxFormPayload,
  settings: IssueFormSettings,
  options: IssueFormOptions = {},
): IssueFormCheck {
  const issues = issueFormIssues(payload, settings, options);
  if (issues.length > 0) return { success: false, issues };
  return {
    success: true,
    data: { ...payload, taxform: normaliseTaxForm(payload.taxform, options) },
  };
}

/**
 * The issue / update form's full rules (SPEC 5), shape and settings together, as a function of
 * the company's settings: the browser's form validates with it. Build it once per settings;
 * `options.today` is read at each validation.
 */
export function issueFormSchema(settings: IssueFormSettings, options: IssueFormOptions = {}) {
  return taxFormPayloadSchema
    .superRefine((payload, ctx) => {
      for (const { path, message } of issueFormIssues(payload, settings, options)) {
        ctx.addIssue({ code: 'custom', path, message, input: undefined });
      }
    })
    .transform((payload) => ({ ...payload, taxform: normaliseTaxForm(payload.taxform, options) }));
}

// Cancel (SPEC 5 "Cancel")

/** The cancel reasons, stored as these English texts (SPEC 5). */
export const CANCEL_REASONS = [
  'Gave up in a hurry',
  'Stays in EU longer than 3 months',
  'Wants another tax provider',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The key of each reason's display text in the `common` catalogue. */
export const CANCEL_REASON_LABEL_KEYS = {
  'Gave up in a hurry': 'cancelReasons.gaveUpInAHurry',
  'Stays in EU longer than 3 months': 'cancelReasons.staysInEuLonger',
  'Wants another tax provider': 'cancelReasons.anotherTaxProvider',
  Other: 'cancelReasons.other',
} as const satisfies Record<CancelReason, `cancelReasons.${string}`>;

export const CANCEL_COMMENTS_MAX_LENGTH = 500;

export const cancelPayloadSchema = z.object({
  cancel_reason: requiredText(100, 'cancelReasonRequired')
    .refine(
      (v) => v === '' || (CANCEL_REASONS as readonly string[]).includes(v),
      'cancelReasonRequired',
    )
    .transform((v) => v as CancelReason),
  cancel_comments: wireText(CANCEL_COMMENTS_MAX_LENGTH, 'several'),
});
export type CancelPayload = z.output<typeof cancelPayloadSchema>;

import * as z from 'zod/mini';
import { checkPhone } from '../contact/contact.rules.ts';
import { normaliseCardNumber } from '../payment/card.rules.ts';
import { normaliseBic, normaliseIban } from '../payment/bank.rules.ts';
import { localToday } from './wire-fields.schema.ts';
import { FREIGHT_FORWARDING, type TaxFormFieldsPayload } from './tax-form-fields.schema.ts';
import {
  taxFormPayloadSchema,
  type PayloadIssue,
  type TaxFormPayload,
} from './tax-form-payload-shape.schema.ts';
import {
  issueFormIssues,
  type IssueFormOptions,
  type IssueFormSettings,
} from './issue-form.rules.ts';

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

export {
  FREIGHT_FORWARDING,
  SHIPMENT_METHODS,
  taxFormFieldsPayloadSchema,
  type ShipmentMethod,
  type TaxFormFieldsPayload,
} from './tax-form-fields.schema.ts';
export {
  breakdownLinePayloadSchema,
  invoicePayloadSchema,
  MAX_BREAKDOWN_LINES,
  MAX_INVOICES,
  MAX_PRODUCT_ROWS,
  productRowPayloadSchema,
  receiptKeys,
  type BreakdownLinePayload,
  type InvoicePayload,
  type ProductRowPayload,
} from './invoice-rows.schema.ts';
export {
  taxFormPayloadSchema,
  type PayloadIssue,
  type TaxFormPayload,
  type TaxFormPayloadInput,
} from './tax-form-payload-shape.schema.ts';
export type { IssueFormOptions, IssueFormSettings } from './issue-form.rules.ts';
export {
  CANCEL_COMMENTS_MAX_LENGTH,
  CANCEL_REASON_LABEL_KEYS,
  CANCEL_REASONS,
  cancelPayloadSchema,
  type CancelPayload,
  type CancelReason,
} from './cancel-payload.schema.ts';

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
  return z.pipe(
    taxFormPayloadSchema.check(
      z.superRefine((payload: TaxFormPayload, ctx) => {
        for (const { path, message } of issueFormIssues(payload, settings, options)) {
          ctx.addIssue({ code: 'custom', path, message, input: undefined });
        }
      }),
    ),
    z.transform((payload: TaxFormPayload) => ({
      ...payload,
      taxform: normaliseTaxForm(payload.taxform, options),
    })),
  );
}

import * as z from 'zod/mini';
import { LANGUAGES } from '../i18n/languages.ts';
import { queryChoice, queryInteger, querySearch } from '../api/query-params.ts';
import { FORM_LIST_FILTERS, PAGE_SIZE } from './form-lists.ts';

// The stages, the list's filters and page sizes are plain lists, kept free of zod for the screens
// that show them without checking anything (form-lists.ts).
export {
  FORM_LIST_FILTERS,
  FORM_LIST_STAGES,
  FORM_STAGES,
  PAGE_SIZE,
  WORKLIST_FILTERS,
  type FormListFilter,
  type FormStage,
} from './form-lists.ts';

/**
 * What the API answers about forms (read models), with SPEC 3's snake_case names. Amounts are
 * numbers in currency units with two decimals, dates 'yyyy-mm-dd' or null.
 */
const amount = z.number();
const isoDate = z.nullable(z.string());

export const taxFormListQuerySchema = z.object({
  page: queryInteger(1, 100_000, 1),
  perPage: queryInteger(1, 100, PAGE_SIZE.taxforms),
  search: querySearch,
  /** A stage, or one of Home's worklist entries; left out: every form. */
  stage: queryChoice(FORM_LIST_FILTERS, 'stageInvalid'),
});
export type TaxFormListQuery = z.infer<typeof taxFormListQuerySchema>;

/** One row of the refund form list (SPEC 2). */
export const taxFormListItemSchema = z.object({
  id: z.number().check(z.int()),
  barcode: z.string(),
  status: z.string(),
  traveler_name: z.string(),
  traveler_surname: z.string(),
  traveler_email: z.nullable(z.string()),
  issued_govt: z.nullable(z.number().check(z.int())),
  issued_govt_name: z.nullable(z.string()),
  date_of_sales: isoDate,
  invoice_reference_number: z.nullable(z.string()),
  gross_amount: amount,
  vat_amount: amount,
  net_amount: amount,
  refund_amount: amount,
  customer_refund: amount,
  /** '0' means not cancelled (SPEC 3). */
  cancelled: z.enum(['0', '1']),
  /** 1 while the form may still be cancelled (issued, not yet validated by customs). */
  ilr: z.union([z.literal(0), z.literal(1)]),
  /** The last day the goods may leave (the earliest of its invoices'); null on old forms. */
  export_deadline: isoDate,
  /** Past its export deadline and never validated by customs: it can no longer be. */
  expired: z.boolean(),
});
export type TaxFormListItem = z.infer<typeof taxFormListItemSchema>;

/** A form in the list of all the company's branches (managers): with its branch and issuer. */
export const companyFormListItemSchema = z.extend(taxFormListItemSchema, {
  retailer_branch_id: z.number().check(z.int()),
  branch_name: z.string(),
  /** The user who issued it; null for one an operator imported. */
  issued_by: z.nullable(z.string()),
});
export type CompanyFormListItem = z.infer<typeof companyFormListItemSchema>;

/**
 * A stage the form reached, when, and what was recorded with it: the customs stamp's details with
 * FORM_VALIDATED, the payout's with FORM_REFUNDED (null where the step has none, or an operator
 * recorded it before details were kept). The details are optional in the type only, for readers of
 * the stage and its time; the server always sends them.
 */
export const formStageEntrySchema = z.object({
  stage: z.string(),
  created_at: z.string(),
  /** Who recorded it: 'portal' (a signed-in user), 'operator' (the command line) or 'api'. */
  source: z.optional(z.string()),
  export_date: z.optional(isoDate),
  customs_office: z.optional(z.nullable(z.string())),
  customs_record_number: z.optional(z.nullable(z.string())),
  refund_date: z.optional(isoDate),
  paid_amount: z.optional(z.nullable(amount)),
  paid_method: z.optional(z.nullable(z.string())),
  /** The user who recorded it; null for an operator's command or one recorded before names were kept. */
  user_name: z.optional(z.nullable(z.string())),
});
export type FormStageEntry = z.infer<typeof formStageEntrySchema>;

export const formStatSchema = z.object({
  id: z.number().check(z.int()),
  barcode: z.string(),
  status: z.string(),
  cancelled: z.enum(['0', '1']),
  stages: z.array(formStageEntrySchema),
});
export type FormStat = z.infer<typeof formStatSchema>;

export const formCountsSchema = z.object({
  today: z.number().check(z.int()),
  lastweek: z.number().check(z.int()),
  lastmonth: z.number().check(z.int()),
});
export type FormCounts = z.infer<typeof formCountsSchema>;

export const countryOptionSchema = z.object({
  id: z.number().check(z.int()),
  text: z.string(),
  ISO3: z.string(),
  ISO2: z.string(),
  is_eu: z.union([z.literal(0), z.literal(1)]),
});
export type CountryOption = z.infer<typeof countryOptionSchema>;

export const currencySchema = z.object({ currency: z.string().check(z.length(3)) });

export const productCategorySchema = z.object({ category_id: z.string(), name: z.string() });
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** A traveller known from earlier forms, in the shape of the issue form's traveller fields. */
export const travellerSchema = z.object({
  traveler_name: z.string(),
  traveler_surname: z.string(),
  traveler_email: z.nullable(z.string()),
  traveler_mobile: z.nullable(z.string()),
  passport: z.string(),
  issued_govt: z.nullable(z.number().check(z.int())),
  nationality: z.nullable(z.number().check(z.int())),
  traveler_dob: isoDate,
  traveler_postcode: z.nullable(z.string()),
  traveler_address: z.nullable(z.string()),
});
export type Traveller = z.infer<typeof travellerSchema>;

/** A traveller known from earlier forms, and the day a form last wrote their details. */
export const knownTravellerSchema = z.extend(travellerSchema, { last_form_date: isoDate });
export type KnownTraveller = z.infer<typeof knownTravellerSchema>;

/** A traveller read from a document: what is known of them, and the document's expiry. */
export const scannedTravellerSchema = z.extend(travellerSchema, { passport_expiry: isoDate });
export type ScannedTravellerAnswer = z.infer<typeof scannedTravellerSchema>;

export const breakdownLineSchema = z.object({
  id: z.number().check(z.int()),
  collected_form_id: z.number().check(z.int()),
  vat_product_rate: z.number(),
  net_sales_amount: amount,
  vat_amount: amount,
  gross_sales_price: amount,
  customer_refund: amount,
});

export const invoiceDetailSchema = z.object({
  id: z.number().check(z.int()),
  invoice_date: isoDate,
  invoice_reference_number: z.nullable(z.string()),
  /** The fiscal receipt the invoice is, as its QR code named it; null when typed. */
  receipt_id: z.nullable(z.string()),
  vat_product_rate: z.nullable(z.number()),
  net_amount: amount,
  vat_amount: amount,
  gross_sales_price: amount,
  refund_amount: amount,
  customer_refund: amount,
  breakdown: z.array(breakdownLineSchema),
});

export const productRowDetailSchema = z.object({
  id: z.number().check(z.int()),
  classification: z.string(),
  description: z.string(),
  quantity: z.number().check(z.int()),
  serial_number: z.nullable(z.string()),
  net_amount: amount,
  vat_rate: z.number(),
  simplified_invoice_number: z.nullable(z.string()),
  simplified_invoice_date: isoDate,
});

/** A whole form as the Issue / Update panel loads it; card and IBAN come masked. */
export const taxFormDetailSchema = z.object({
  taxforms: z.extend(taxFormListItemSchema, {
    /** Printed on the form: with its number, the traveller follows the form on /#/status. */
    verification_code: z.string(),
    /** Raised by every change: sent back as `If-Match: "<version>"`, an update of a stale one is refused. */
    version: z.number().check(z.int()),
    traveler_mobile: z.nullable(z.string()),
    passport: z.string(),
    nationality: z.nullable(z.number().check(z.int())),
    residence_country: z.nullable(z.number().check(z.int())),
    residence_proof: z.nullable(z.string()),
    passport_expiry: isoDate,
    traveler_dob: isoDate,
    traveler_postcode: z.nullable(z.string()),
    traveler_address: z.nullable(z.string()),
    items: z.nullable(z.string()),
    date_arrived: isoDate,
    date_leaving: isoDate,
    country_final: z.nullable(z.number().check(z.int())),
    invoice_date: isoDate,
    method_of_shipment: z.nullable(z.string()),
    freight_forward_name: z.nullable(z.string()),
    freight_forward_address: z.nullable(z.string()),
    method_of_refund: z.string(),
    acc_details: z.nullable(z.string()),
    email_or_mobile: z.nullable(z.string()),
    iban: z.nullable(z.string()),
    swift: z.nullable(z.string()),
    bank_name: z.nullable(z.string()),
    bank_address: z.nullable(z.string()),
    gross_sales_price: amount,
    /** What the operator keeps of the VAT: VAT − refund. */
    fee_amount: amount,
    /** 1: the amounts were typed by hand, within the country's bounds, not computed. */
    no_auto_calculation: z.union([z.literal(0), z.literal(1)]),
    /** The language of the traveller's e-mails (one of the portal's); null: English. */
    traveller_language: z.optional(z.nullable(z.enum(LANGUAGES))),
  }),
  invoice: z.array(invoiceDetailSchema),
  products: z.array(productRowDetailSchema),
});
export type TaxFormDetailResponse = z.infer<typeof taxFormDetailSchema>;

/** `download/{id}` answers the file name, opened from the uploads/electronic path. */
export const downloadSchema = z.string();

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid'));

/** `…/taxforms/stats`: forms and amounts per day over the last `days` days (the Form statistics screen). */
export const formStatsQuerySchema = z.object({
  days: queryInteger(1, 366, 30),
});
export const formStatsSchema = z.object({
  currency: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      forms: z.number().check(z.int()),
      vat_amount: amount,
      refund_amount: amount,
    }),
  ),
});
export type FormStats = z.infer<typeof formStatsSchema>;

/** `…/taxforms/breakdown`: VAT by rate over the forms sold in a period (the Tax form breakdown screen). */
export const vatBreakdownQuerySchema = z.object({ from: isoDay, to: isoDay });
const breakdownTotals = z.object({
  forms: z.number().check(z.int()),
  net_amount: amount,
  vat_amount: amount,
  gross_amount: amount,
  refund_amount: amount,
});
export const vatBreakdownSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rates: z.array(z.extend(breakdownTotals, { vat_product_rate: z.number() })),
  totals: breakdownTotals,
});
export type VatBreakdown = z.infer<typeof vatBreakdownSchema>;

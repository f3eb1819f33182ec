import { z } from 'zod';
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
const isoDate = z.string().nullable();

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
  id: z.number().int(),
  barcode: z.string(),
  status: z.string(),
  traveler_name: z.string(),
  traveler_surname: z.string(),
  traveler_email: z.string().nullable(),
  issued_govt: z.number().int().nullable(),
  issued_govt_name: z.string().nullable(),
  date_of_sales: isoDate,
  invoice_reference_number: z.string().nullable(),
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
export const companyFormListItemSchema = taxFormListItemSchema.extend({
  retailer_branch_id: z.number().int(),
  branch_name: z.string(),
  /** The user who issued it; null for one an operator imported. */
  issued_by: z.string().nullable(),
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
  source: z.string().optional(),
  export_date: isoDate.optional(),
  customs_office: z.string().nullable().optional(),
  customs_record_number: z.string().nullable().optional(),
  refund_date: isoDate.optional(),
  paid_amount: amount.nullable().optional(),
  paid_method: z.string().nullable().optional(),
  /** The user who recorded it; null for an operator's command or one recorded before names were kept. */
  user_name: z.string().nullable().optional(),
});
export type FormStageEntry = z.infer<typeof formStageEntrySchema>;

export const formStatSchema = z.object({
  id: z.number().int(),
  barcode: z.string(),
  status: z.string(),
  cancelled: z.enum(['0', '1']),
  stages: z.array(formStageEntrySchema),
});
export type FormStat = z.infer<typeof formStatSchema>;

export const formCountsSchema = z.object({
  today: z.number().int(),
  lastweek: z.number().int(),
  lastmonth: z.number().int(),
});
export type FormCounts = z.infer<typeof formCountsSchema>;

export const countryOptionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  ISO3: z.string(),
  ISO2: z.string(),
  is_eu: z.union([z.literal(0), z.literal(1)]),
});
export type CountryOption = z.infer<typeof countryOptionSchema>;

export const currencySchema = z.object({ currency: z.string().length(3) });

export const productCategorySchema = z.object({ category_id: z.string(), name: z.string() });
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** A traveller known from earlier forms, in the shape of the issue form's traveller fields. */
export const travellerSchema = z.object({
  traveler_name: z.string(),
  traveler_surname: z.string(),
  traveler_email: z.string().nullable(),
  traveler_mobile: z.string().nullable(),
  passport: z.string(),
  issued_govt: z.number().int().nullable(),
  nationality: z.number().int().nullable(),
  traveler_dob: isoDate,
  traveler_postcode: z.string().nullable(),
  traveler_address: z.string().nullable(),
});
export type Traveller = z.infer<typeof travellerSchema>;

/** A traveller known from earlier forms, and the day a form last wrote their details. */
export const knownTravellerSchema = travellerSchema.extend({ last_form_date: isoDate });
export type KnownTraveller = z.infer<typeof knownTravellerSchema>;

/** A traveller read from a document: what is known of them, and the document's expiry. */
export const scannedTravellerSchema = travellerSchema.extend({ passport_expiry: isoDate });
export type ScannedTravellerAnswer = z.infer<typeof scannedTravellerSchema>;

export const breakdownLineSchema = z.object({
  id: z.number().int(),
  collected_form_id: z.number().int(),
  vat_product_rate: z.number(),
  net_sales_amount: amount,
  vat_amount: amount,
  gross_sales_price: amount,
  customer_refund: amount,
});

export const invoiceDetailSchema = z.object({
  id: z.number().int(),
  invoice_date: isoDate,
  invoice_reference_number: z.string().nullable(),
  /** The fiscal receipt the invoice is, as its QR code named it; null when typed. */
  receipt_id: z.string().nullable(),
  vat_product_rate: z.number().nullable(),
  net_amount: amount,
  vat_amount: amount,
  gross_sales_price: amount,
  refund_amount: amount,
  customer_refund: amount,
  breakdown: z.array(breakdownLineSchema),
});

export const productRowDetailSchema = z.object({
  id: z.number().int(),
  classification: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  serial_number: z.string().nullable(),
  net_amount: amount,
  vat_rate: z.number(),
  simplified_invoice_number: z.string().nullable(),
  simplified_invoice_date: isoDate,
});

/** A whole form as the Issue / Update panel loads it; card and IBAN come masked. */
export const taxFormDetailSchema = z.object({
  taxforms: taxFormListItemSchema.extend({
    /** Printed on the form: with its number, the traveller follows the form on /#/status. */
    verification_code: z.string(),
    /** Raised by every change: sent back as `If-Match: "<version>"`, an update of a stale one is refused. */
    version: z.number().int(),
    traveler_mobile: z.string().nullable(),
    passport: z.string(),
    nationality: z.number().int().nullable(),
    residence_country: z.number().int().nullable(),
    residence_proof: z.string().nullable(),
    passport_expiry: isoDate,
    traveler_dob: isoDate,
    traveler_postcode: z.string().nullable(),
    traveler_address: z.string().nullable(),
    items: z.string().nullable(),
    date_arrived: isoDate,
    date_leaving: isoDate,
    country_final: z.number().int().nullable(),
    invoice_date: isoDate,
    method_of_shipment: z.string().nullable(),
    freight_forward_name: z.string().nullable(),
    freight_forward_address: z.string().nullable(),
    method_of_refund: z.string(),
    acc_details: z.string().nullable(),
    email_or_mobile: z.string().nullable(),
    iban: z.string().nullable(),
    swift: z.string().nullable(),
    bank_name: z.string().nullable(),
    bank_address: z.string().nullable(),
    gross_sales_price: amount,
    /** What the operator keeps of the VAT: VAT − refund. */
    fee_amount: amount,
    /** 1: the amounts were typed by hand, within the country's bounds, not computed. */
    no_auto_calculation: z.union([z.literal(0), z.literal(1)]),
    /** The language of the traveller's e-mails (one of the portal's); null: English. */
    traveller_language: z.enum(LANGUAGES).nullable().optional(),
  }),
  invoice: z.array(invoiceDetailSchema),
  products: z.array(productRowDetailSchema),
});
export type TaxFormDetailResponse = z.infer<typeof taxFormDetailSchema>;

/** `download/{id}` answers the file name, opened from the uploads/electronic path. */
export const downloadSchema = z.string();

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid');

/** `…/taxforms/stats`: forms and amounts per day over the last `days` days (the Form statistics screen). */
export const formStatsQuerySchema = z.object({
  days: queryInteger(1, 366, 30),
});
export const formStatsSchema = z.object({
  currency: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      forms: z.number().int(),
      vat_amount: amount,
      refund_amount: amount,
    }),
  ),
});
export type FormStats = z.infer<typeof formStatsSchema>;

/** `…/taxforms/breakdown`: VAT by rate over the forms sold in a period (the Tax form breakdown screen). */
export const vatBreakdownQuerySchema = z.object({ from: isoDay, to: isoDay });
const breakdownTotals = z.object({
  forms: z.number().int(),
  net_amount: amount,
  vat_amount: amount,
  gross_amount: amount,
  refund_amount: amount,
});
export const vatBreakdownSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rates: z.array(breakdownTotals.extend({ vat_product_rate: z.number() })),
  totals: breakdownTotals,
});
export type VatBreakdown = z.infer<typeof vatBreakdownSchema>;

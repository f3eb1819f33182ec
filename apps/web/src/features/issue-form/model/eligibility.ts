import {
  type AmountSettings,
  breakdownLinePayloadSchema,
  computeFormAmounts,
  type CountryOption,
  type CountryRules,
  type EligibilityLine,
  eligibilitySummary,
  invoicePayloadSchema,
  judgeEligibilityLines,
  type JudgedEligibilityLine,
  manualFormAmounts,
  productRowPayloadSchema,
  type TaxFormFieldsPayload,
  taxFormFieldsPayloadSchema,
  type Language,
  type TaxFormPayload,
} from '@taxfree/domain';
import { set } from 'react-hook-form';
import type { IssueFormValues } from './tax-form-values';
import { withComputedAmounts } from './issue-resolver';
import { readTypedAmounts } from './typed-amounts';

/** A field's schema, as far as reading one value goes. */
type FieldSchema = { safeParse: (value: unknown) => { success: boolean; data?: unknown } };

/**
 * Each field of `input` as the payload's schema reads it; a field it refuses (a required one still
 * empty, a half-typed amount) keeps `fallback`'s value, so a half-filled form is still judged on
 * what it already says.
 */
function readFields<T extends object>(
  shape: Readonly<Record<string, FieldSchema>>,
  input: object,
  fallback: T,
): T {
  const source = input as Record<string, unknown>;
  const read: Record<string, unknown> = { ...(fallback as Record<string, unknown>) };
  for (const [key, schema] of Object.entries(shape)) {
    if (!(key in fallback)) continue;
    const parsed = schema.safeParse(source[key]);
    if (parsed.success) read[key] = parsed.data;
  }
  return read as T;
}

/**
 * What a field the schema refuses counts as: nothing the country's rules object to. The required
 * texts take a stand-in (no rule reads them); a passport number not typed yet stays empty (the
 * summary judges the traveller once it is); an issuing country not chosen yet is unknown (no
 * country has the id 0).
 */
const BLANK_TAXFORM: TaxFormFieldsPayload = {
  ...taxFormFieldsPayloadSchema.parse({
    traveler_name: '-',
    traveler_surname: '-',
    traveler_mobile: '-',
    passport: '-',
    issued_govt: 1,
    traveler_address: '-',
    method_of_refund: 'option5',
  }),
  passport: '',
  issued_govt: 0,
};
const { breakdown: _breakdown, ...BLANK_INVOICE } = invoicePayloadSchema.parse({});
const BLANK_LINE = breakdownLinePayloadSchema.parse({ vat_product_rate: 0, net_sales_amount: 0 });
const BLANK_PRODUCT = productRowPayloadSchema.parse({
  classification: '-',
  description: '-',
  net_amount: 0,
  vat_rate: 0,
});

/**
 * The form's values as the payload they make (their amounts already computed), field by field
 * with the domain's payload schema, whether or not the form is complete yet.
 */
export function summaryPayload(values: IssueFormValues): TaxFormPayload {
  return {
    taxform: readFields(taxFormFieldsPayloadSchema.shape, values.taxform, BLANK_TAXFORM),
    invoice: values.invoice.map((invoice) => ({
      ...readFields(invoicePayloadSchema.shape, invoice, BLANK_INVOICE),
      breakdown: invoice.breakdown.map((line) =>
        readFields(breakdownLinePayloadSchema.shape, line, BLANK_LINE),
      ),
    })),
    products: values.products.map((row) =>
      readFields(productRowPayloadSchema.shape, row, BLANK_PRODUCT),
    ),
  };
}

export type EligibilityOptions = {
  rules: CountryRules;
  amounts: AmountSettings;
  productsMode: boolean;
  /** Today in the shop's time zone, yyyy-mm-dd. */
  today: string;
  /** A country id of the countries list as its ISO 3166-1 alpha-2 code. */
  isoOf: (countryId: number) => string | null;
  /** The interface language the amounts are typed in (English when not given). */
  language?: Language;
};

/**
 * The values with each typed amount read in the interface language, as the resolver reads them,
 * and one it cannot read (`0,500` in English) as none: the summary never counts an amount its
 * field refuses.
 */
function readableAmounts(values: IssueFormValues, options: EligibilityOptions): IssueFormValues {
  const typed = readTypedAmounts(values, {
    language: options.language ?? 'en',
    purchaseAmountType: options.amounts.purchaseAmountType,
    productsMode: options.productsMode,
  });
  // The lines and rows read are copies: blanking them leaves the form's own values as they are.
  for (const path of typed.refusals.keys()) set(typed.values, path, '');
  return typed.values;
}

/** Reads a country id of the list as its ISO 3166-1 alpha-2 code; null for an id not listed. */
export function isoLookup(
  countries: readonly CountryOption[],
): (countryId: number) => string | null {
  const iso = new Map(countries.map((country) => [country.id, country.ISO2]));
  return (countryId) => iso.get(countryId) ?? null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day typed but not read (`31.02.2026`): its field keeps the text and says why. */
const isUnreadDay = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !ISO_DAY.test(value.trim());

/** Whether a date the export window runs from is typed but cannot be read. */
function hasUnreadDay(values: IssueFormValues): boolean {
  const { taxform, invoice, products } = values;
  return [
    taxform.date_of_sales,
    taxform.invoice_date,
    ...invoice.map((entry) => entry.invoice_date),
    ...products.map((row) => row.simplified_invoice_date),
  ].some(isUnreadDay);
}

/**
 * The country's rules over the form as it stands, one line per rule (none broken: met), judged
 * the way the server judges the form it is sent: the amounts as computed (or as typed by hand
 * with no_auto_calculation), the country ids read as ISO codes. Each line says whether the form
 * already says enough for its rule to be judged.
 */
export function formEligibility(
  values: IssueFormValues,
  options: EligibilityOptions,
): JudgedEligibilityLine[] {
  const { rules, amounts, productsMode, today, isoOf } = options;
  const readable = readableAmounts(values, options);
  const payload = summaryPayload(withComputedAmounts(readable, amounts, productsMode));
  const manual = payload.taxform.no_auto_calculation === 1 && !productsMode;
  const computed = manual
    ? manualFormAmounts(payload)
    : computeFormAmounts(payload, { ...amounts, productsMode });
  const lines = eligibilitySummary(payload, computed, {
    rules,
    today,
    productsMode,
    refund: amounts.refund,
    isoOf,
  });
  const judged = judgeEligibilityLines(lines, payload, { productsMode });
  // The window is not judged on a date the form could not read: it waits, as its field says why.
  if (!hasUnreadDay(values)) return judged;
  return judged.map((line) => (line.rule === 'exportWindow' ? { ...line, isJudged: false } : line));
}

/** Whether every line of the summary is met. */
export function isEligible(lines: readonly EligibilityLine[]): boolean {
  return lines.every((line) => line.issues.length === 0);
}

import { DRAFT_KEY_PREFIX } from '@/lib/session';
import type {
  InvoiceValues,
  IssueFormValues,
  LineValues,
  ProductValues,
  TaxFormValues,
} from './tax-form-values';

/**
 * A half-filled new form kept in the browser (issue 3: it survives an accidental reload), one per
 * user and company, until it is issued or discarded. The card number and the IBAN are never kept:
 * they are sensitive, and quick to ask again.
 */
export const DRAFT_VERSION = 1;

export function draftKey(companyId: string, userId: string): string {
  return `${DRAFT_KEY_PREFIX}${companyId}:${userId}`;
}

/** The fields a draft never holds. */
const SENSITIVE = ['acc_details', 'iban'] as const satisfies readonly (keyof TaxFormValues)[];

/** The values as a draft keeps them: without the card number and the IBAN. */
export function toDraft(values: IssueFormValues): IssueFormValues {
  const taxform = { ...values.taxform };
  for (const field of SENSITIVE) taxform[field] = '';
  return { taxform, invoice: values.invoice, products: values.products };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Select fields: null when nothing is chosen. */
const NULLABLE = new Set<string>([
  'issued_govt',
  'nationality',
  'residence_country',
  'country_final',
  'method_of_shipment',
  'method_of_refund',
]);

/** The string fields of `template` taken from `source` where they are strings there. */
function pickStrings<T extends Record<string, unknown>>(template: T, source: unknown): T {
  if (!isRecord(source)) return template;
  const result: Record<string, unknown> = { ...template };
  for (const [key, fallback] of Object.entries(template)) {
    const value = source[key];
    if (typeof value === 'string') result[key] = value;
    else if (value === null && (fallback === null || NULLABLE.has(key))) result[key] = null;
  }
  return result as T;
}

function rowsOf<T extends Record<string, unknown>>(
  source: unknown,
  template: T,
  read: (row: unknown) => T,
): T[] | null {
  if (!Array.isArray(source) || source.length === 0) return null;
  return source.slice(0, 50).map((row) => (isRecord(row) ? read(row) : template));
}

/**
 * A stored draft over a new form's defaults: only fields the form knows, of the right type, so a
 * draft from an older version (or edited by hand) cannot break the form. Null when there is none.
 */
export function parseDraft(raw: string | null, defaults: IssueFormValues): IssueFormValues | null {
  if (!raw) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(stored) || stored.version !== DRAFT_VERSION || !isRecord(stored.values)) {
    return null;
  }
  const values = stored.values;
  const taxform = pickStrings(defaults.taxform, values.taxform);
  const manual = isRecord(values.taxform) ? values.taxform.no_auto_calculation : 0;
  taxform.no_auto_calculation = manual === 1 ? 1 : 0;
  for (const field of SENSITIVE) taxform[field] = '';
  const invoiceTemplate = defaults.invoice[0];
  const productTemplate = defaults.products[0];
  const invoice =
    invoiceTemplate &&
    rowsOf<InvoiceValues>(values.invoice, invoiceTemplate, (row) => {
      const base = pickStrings(invoiceTemplate, row);
      const lineTemplate = invoiceTemplate.breakdown[0];
      const breakdown =
        lineTemplate && isRecord(row)
          ? rowsOf<LineValues>(row.breakdown, lineTemplate, (line) =>
              pickStrings(lineTemplate, line),
            )
          : null;
      return { ...base, breakdown: breakdown ?? invoiceTemplate.breakdown };
    });
  const products =
    productTemplate &&
    rowsOf<ProductValues>(values.products, productTemplate, (row) =>
      pickStrings(productTemplate, row),
    );
  return {
    taxform,
    invoice: invoice ?? defaults.invoice,
    products: products ?? defaults.products,
  };
}

const sameValues = (a: IssueFormValues, b: IssueFormValues) =>
  JSON.stringify(toDraft(a)) === JSON.stringify(toDraft(b));

export function loadDraft(key: string, defaults: IssueFormValues): IssueFormValues | null {
  try {
    const draft = parseDraft(localStorage.getItem(key), defaults);
    return draft && !sameValues(draft, defaults) ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps the values as the draft; a form still as it started leaves no draft. */
export function saveDraft(key: string, values: IssueFormValues, pristine: IssueFormValues): void {
  try {
    if (sameValues(values, pristine)) localStorage.removeItem(key);
    else
      localStorage.setItem(
        key,
        JSON.stringify({ version: DRAFT_VERSION, values: toDraft(values) }),
      );
  } catch {
    // Storage full or blocked: the draft is a convenience, the form works without it.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

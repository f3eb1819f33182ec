import { likePattern } from '../../apps/api/src/lib/content-query.ts';
import {
  BARCODE_MATCH,
  LIST_PAGE,
  SEARCHES,
} from '../../apps/api/src/modules/tax-forms/read/tax-forms.repository.ts';

/**
 * The statements the server sends for the list page and its two searches, taken from its
 * repository (apps/api/src/modules/tax-forms/read/tax-forms.repository.ts) with the values the
 * benchmark gives them, for the ceilings that send them without the server: `pg-ceiling.ts` and
 * `minimal-server.ts`.
 */

/** One statement with its values; `name` makes it a prepared statement on node-postgres. */
export type Statement = { name?: string; text: string; values: unknown[] };

/** The tenant every statement is limited to. */
export type Branch = { companyId: number; branchId: number };

/** Page 1 of the list, five forms: one prepared statement, the kept total riding along. */
export function pageStatement({ companyId, branchId }: Branch): Statement {
  return { ...LIST_PAGE, values: [companyId, branchId, 5, 0] };
}

/** A scanned barcode names one form: no count, a prepared statement. */
export function barcodeStatement({ companyId, branchId }: Branch, barcode: string): Statement {
  return { ...BARCODE_MATCH, values: [companyId, branchId, barcode] };
}

/**
 * A search by one fragment of the search text: every match read from the search index and
 * counted once, then the newest five. A typed '%' or '_' matches itself.
 */
export function surnameStatement({ companyId, branchId }: Branch, fragment: string): Statement {
  return { ...SEARCHES[0]!, values: [companyId, branchId, 5, 0, likePattern(fragment)] };
}

import { and, ilike, type SQL } from 'drizzle-orm';
import { isValidBarcode } from '@taxfree/domain';
import { likePattern } from '../../../lib/content-query.ts';
import { taxForms } from '../../../db/schema/index.ts';

/** A search reads at most this many words: enough for a name, a passport and an invoice. */
export const MAX_SEARCH_WORDS = 5;

/**
 * Every word of the search must occur in the form's search text, case-insensitively and by
 * fragment: "ana kov" finds Ana Kovač. One GIN index holds the tenant and the text's trigrams, so
 * a search reads only the branch's matches.
 */
export function searchWords(search: string | undefined): string[] {
  return (
    (search ?? '')
      // eslint-disable-next-line no-control-regex -- the separator must never be part of a word
      .replace(/[\u0000-\u001f]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, MAX_SEARCH_WORDS)
  );
}

export const barcodeIn = (words: string[]) =>
  words.length === 1 && isValidBarcode(words[0]!) ? words[0]! : null;

/** A search that is one valid barcode (its check digit right) names one form: that barcode. */
export function scannedBarcode(search: string | undefined): string | null {
  return barcodeIn(searchWords(search));
}

/** The list's search as a condition on the forms (the export reads the same forms). */
export function searchCondition(search: string | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => ilike(taxForms.searchText, likePattern(word))));
}

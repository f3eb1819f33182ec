import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A LIKE pattern matching `word` anywhere; a typed '%' or '_' matches itself. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word of the search appears in one of the columns (promotions and gallery alike). */
export function searchWords(search: string | undefined, columns: PgColumn[]): SQL[] {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return words.map((word) => or(...columns.map((column) => ilike(column, likePattern(word))))!);
}

/** 'yyyy-mm-dd HH:mm:ss' from what either engine answers for a timestamp kept as text. */
export function wireTimestamp(value: string | null): string | null {
  return value ? value.replace('T', ' ').slice(0, 19) : null;
}

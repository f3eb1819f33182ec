import * as z from 'zod/mini';
import { isIsoDate } from '../forms/wire-fields.schema.ts';

/** A time of day 'HH:mm:ss': hours 00–23, minutes and seconds 00–59 (SPEC 5, time picker). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/** A required day; `requiredKey` is the message when it is empty. */
export function requiredDateSchema(requiredKey: string) {
  return z.string({ error: requiredKey }).check(
    z.trim(),
    z.minLength(1, requiredKey),
    z.refine((value: string) => value === '' || isIsoDate(value), 'dateInvalid'),
  );
}

/** Splits comma-joined lists ('A, B,,C' → ['A', 'B', 'C']). */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Joins a multi-select's values as the API keeps them: comma-joined, no spaces, no repeats. */
export function joinList(values: readonly string[]): string {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))].join(',');
}

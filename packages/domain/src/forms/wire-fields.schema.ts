import { z } from 'zod';
import { hasAtMostTwoDecimals, parseDecimal } from '../money/money.rules.ts';
import { multiLineText, oneLineText } from '../content/plain-text.rules.ts';
import { isIsoDate } from './days.ts';

// The calendar's rules are free of zod, for the screens that count days without a schema.
export { addDays, dayIn, isIsoDate, localToday } from './days.ts';

/**
 * Field schemas of the wire payloads (SPEC 3 names, snake_case). They are lenient about what a
 * form sends for "empty" ('' / null / missing) and strict about the rest. A required field that is
 * empty gets a refinement issue (not a type error), so zod still runs the cross-field rules and a
 * user sees every message at once. Messages are keys of the `validation` catalogue.
 */

/** numeric(14,2): at most 12 digits before the decimal point. */
export const MAX_AMOUNT = 999_999_999_999.99;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** '' / null / missing → undefined; numeric text → number (NaN when not numeric). */
function toNumberOrUndefined(value: unknown): unknown {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' ? parseDecimal(value) : value;
}

const amountNumber = z
  .number({ error: 'amountInvalid' })
  .min(0, 'amountNegative')
  .max(MAX_AMOUNT, 'amountInvalid')
  .refine(hasAtMostTwoDecimals, 'amountInvalid');

/**
 * An amount in currency units (a decimal number with at most two decimals, ≥ 0). Numeric text is
 * accepted too. When empty: `requiredKey` if given, otherwise 0.
 */
export function wireAmount(requiredKey?: string) {
  return z
    .preprocess(toNumberOrUndefined, amountNumber.optional())
    .superRefine((value, ctx) => {
      if (value === undefined && requiredKey) {
        ctx.addIssue({ code: 'custom', message: requiredKey, input: value });
      }
    })
    .transform((value) => value ?? 0);
}

const rateNumber = z
  .number({ error: 'vatRateInvalid' })
  .min(0, 'vatRateInvalid')
  .max(100, 'vatRateInvalid');

/** A VAT rate in percent, 0–100; `requiredKey` when empty. */
export function wireRate(requiredKey: string) {
  return z
    .preprocess(toNumberOrUndefined, rateNumber.optional())
    .superRefine((value, ctx) => {
      if (value === undefined) ctx.addIssue({ code: 'custom', message: requiredKey, input: value });
    })
    .transform((value) => value ?? 0);
}

/** A VAT rate in percent that may be left empty (null). */
export const wireOptionalRate = z
  .preprocess(toNumberOrUndefined, rateNumber.optional())
  .transform((value) => value ?? null);

/** A quantity: a whole number ≥ 1; 1 when missing (SPEC 9), `requiredKey` when cleared. */
export function wireQuantity(requiredKey: string) {
  return z
    .preprocess(
      (value) => (value === undefined ? 1 : toNumberOrUndefined(value)),
      z
        .number({ error: 'quantityInvalid' })
        .min(1, 'quantityInvalid')
        .max(1_000_000, 'quantityInvalid')
        // A refinement, not .int(): zod reports .int() as a type error, which would hold back
        // every cross-field message until it is fixed.
        .refine(Number.isInteger, 'quantityInvalid')
        .optional(),
    )
    .superRefine((value, ctx) => {
      if (value === undefined) ctx.addIssue({ code: 'custom', message: requiredKey, input: value });
    })
    .transform((value) => value ?? 1);
}

/**
 * A trimmed text; '' when empty. One line unless `lines` says otherwise: a line break, a tab or
 * another control character inside it would break the line of the e-mail, the printed form or
 * the export that shows it. A text of several lines keeps its line breaks and tabs.
 */
export function wireText(max: number, lines: 'one' | 'several' = 'one') {
  return z
    .string({ error: 'invalidValue' })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value.length <= max, 'textTooLong')
    .check(lines === 'one' ? oneLineText : multiLineText);
}

/** A trimmed one-line text that must not be empty. */
export function requiredText(max: number, requiredKey: string) {
  return wireText(max).refine((value) => value !== '', requiredKey);
}

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id of a reference table (a country, say): a positive integer, or null when empty. */
export const wireId = z
  .preprocess(
    toNumberOrUndefined,
    z
      .number({ error: 'invalidValue' })
      .positive('invalidValue')
      .max(MAX_ROW_ID, 'invalidValue')
      .refine(Number.isInteger, 'invalidValue')
      .optional(),
  )
  .transform((value) => value ?? null);

/** A required row id of a reference table. */
export function requiredId(requiredKey: string) {
  return wireId.refine((value) => value !== null, requiredKey);
}

/** Dates that mean "no date" (SPEC 3: 0000-00-00 counts as empty). */
export function isEmptyDate(value: unknown): boolean {
  return isEmpty(value) || value === '0000-00-00';
}

/** A date 'yyyy-mm-dd'; '', '0000-00-00', null or missing → null. */
export const wireDate = z
  .string({ error: 'dateInvalid' })
  .nullish()
  .transform((value) => (isEmptyDate(value) ? null : (value ?? '').trim()))
  .refine((value) => value === null || isIsoDate(value), 'dateInvalid');

/** A 0/1 flag; true/false and '0'/'1' are read too. */
export const wireFlag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
    error: 'invalidValue',
  })
  .nullish()
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));

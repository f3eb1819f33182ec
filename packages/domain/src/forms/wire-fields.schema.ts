import * as z from 'zod/mini';
import { preprocess } from '../api/preprocess.ts';
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
  .check(
    z.gte(0, 'amountNegative'),
    z.lte(MAX_AMOUNT, 'amountInvalid'),
    z.refine(hasAtMostTwoDecimals, 'amountInvalid'),
  );

/** An issue with `message` when a value is missing. */
function presentOr<T>(message: string | undefined) {
  return z.superRefine<T | undefined>((value, ctx) => {
    if (value === undefined && message) ctx.addIssue({ code: 'custom', message, input: value });
  });
}

/**
 * An amount in currency units (a decimal number with at most two decimals, ≥ 0). Numeric text is
 * accepted too. When empty: `requiredKey` if given, otherwise 0.
 */
export function wireAmount(requiredKey?: string) {
  return z.pipe(
    preprocess(toNumberOrUndefined, z.optional(amountNumber)).check(presentOr(requiredKey)),
    z.transform((value: number | undefined) => value ?? 0),
  );
}

const rateNumber = z
  .number({ error: 'vatRateInvalid' })
  .check(z.gte(0, 'vatRateInvalid'), z.lte(100, 'vatRateInvalid'));

/** A VAT rate in percent, 0–100; `requiredKey` when empty. */
export function wireRate(requiredKey: string) {
  return z.pipe(
    preprocess(toNumberOrUndefined, z.optional(rateNumber)).check(presentOr(requiredKey)),
    z.transform((value: number | undefined) => value ?? 0),
  );
}

/** A VAT rate in percent that may be left empty (null). */
export const wireOptionalRate = z.pipe(
  preprocess(toNumberOrUndefined, z.optional(rateNumber)),
  z.transform((value: number | undefined) => value ?? null),
);

/** A quantity: a whole number ≥ 1; 1 when missing (SPEC 9), `requiredKey` when cleared. */
export function wireQuantity(requiredKey: string) {
  return z.pipe(
    preprocess(
      (value) => (value === undefined ? 1 : toNumberOrUndefined(value)),
      z.optional(
        z.number({ error: 'quantityInvalid' }).check(
          z.gte(1, 'quantityInvalid'),
          z.lte(1_000_000, 'quantityInvalid'),
          // A refinement, not z.int(): zod reports z.int() as a type error, which would hold back
          // every cross-field message until it is fixed.
          z.refine(Number.isInteger, 'quantityInvalid'),
        ),
      ),
    ).check(presentOr(requiredKey)),
    z.transform((value: number | undefined) => value ?? 1),
  );
}

/**
 * A trimmed text; '' when empty. One line unless `lines` says otherwise: a line break, a tab or
 * another control character inside it would break the line of the e-mail, the printed form or
 * the export that shows it. A text of several lines keeps its line breaks and tabs.
 */
export function wireText(max: number, lines: 'one' | 'several' = 'one') {
  return z
    .pipe(
      z.nullish(z.string({ error: 'invalidValue' })),
      z.transform((value: string | null | undefined) => (value ?? '').trim()),
    )
    .check(
      z.refine((value: string) => value.length <= max, 'textTooLong'),
      lines === 'one' ? oneLineText : multiLineText,
    );
}

/** A trimmed one-line text that must not be empty. */
export function requiredText(max: number, requiredKey: string) {
  return wireText(max).check(z.refine((value: string) => value !== '', requiredKey));
}

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id of a reference table (a country, say): a positive integer, or null when empty. */
export const wireId = z.pipe(
  preprocess(
    toNumberOrUndefined,
    z.optional(
      z
        .number({ error: 'invalidValue' })
        .check(
          z.positive('invalidValue'),
          z.lte(MAX_ROW_ID, 'invalidValue'),
          z.refine(Number.isInteger, 'invalidValue'),
        ),
    ),
  ),
  z.transform((value: number | undefined) => value ?? null),
);

/** A required row id of a reference table. */
export function requiredId(requiredKey: string) {
  return wireId.check(z.refine((value: number | null) => value !== null, requiredKey));
}

/** Dates that mean "no date" (SPEC 3: 0000-00-00 counts as empty). */
export function isEmptyDate(value: unknown): boolean {
  return isEmpty(value) || value === '0000-00-00';
}

/** A date 'yyyy-mm-dd'; '', '0000-00-00', null or missing → null. */
export const wireDate = z
  .pipe(
    z.nullish(z.string({ error: 'dateInvalid' })),
    z.transform((value: string | null | undefined) =>
      isEmptyDate(value) ? null : (value ?? '').trim(),
    ),
  )
  .check(z.refine((value: string | null) => value === null || isIsoDate(value), 'dateInvalid'));

/** A 0/1 flag; true/false and '0'/'1' are read too. */
export const wireFlag = z.pipe(
  z.nullish(
    z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
      error: 'invalidValue',
    }),
  ),
  z.transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0)),
);

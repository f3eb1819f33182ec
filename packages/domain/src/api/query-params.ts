import { z } from 'zod';

/**
 * A list's query values, checked as the OpenAPI description states them: a value out of range,
 * not a number, or not one of a list's names is refused (400, on its field), never quietly
 * replaced. Left out or sent empty (the original client sends `page=`), a value takes its
 * default. Messages are keys of the `validation` catalogue.
 */

/** An empty value stands for one left out. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** A whole number from `min` to `max`; `fallback` when left out or empty. */
export const queryInteger = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(min, 'invalidValue')
      .max(max, 'invalidValue')
      .default(fallback),
  );

/** One of `names`; undefined when left out or empty. */
export const queryChoice = <const T extends readonly [string, ...string[]]>(
  names: T,
  message: string,
) => z.preprocess(blankAsAbsent, z.enum(names, { error: message }).optional());

/** What a list is searched for: at most 100 characters; undefined when left out. */
export const querySearch = z.string().trim().max(100, 'textTooLong').optional();

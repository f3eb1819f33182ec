import * as z from 'zod/mini';
import { preprocess } from './preprocess.ts';

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
  preprocess(
    blankAsAbsent,
    z._default(
      z.coerce
        .number({ error: 'invalidValue' })
        .check(z.int('invalidValue'), z.gte(min, 'invalidValue'), z.lte(max, 'invalidValue')),
      fallback,
    ),
  );

/** One of `names`; undefined when left out or empty. */
export const queryChoice = <const T extends readonly [string, ...string[]]>(
  names: T,
  message: string,
) => preprocess(blankAsAbsent, z.optional(z.enum(names, { error: message })));

/** What a list is searched for: at most 100 characters; undefined when left out. */
export const querySearch = z.optional(z.string().check(z.trim(), z.maxLength(100, 'textTooLong')));

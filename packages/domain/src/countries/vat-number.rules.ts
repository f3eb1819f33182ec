// The three checkers alone, not the package's index: that one carries every country's numbers
// into the browser's bundle (about 200 KB against 7 KB).
import * as oib from 'stdnum/lib/cjs/hr/oib.js';
import * as pib from 'stdnum/lib/cjs/rs/pib.js';
import * as ddv from 'stdnum/lib/cjs/si/ddv.js';
import type { VatNumberScheme } from './country-rules.ts';
import { findCountryRules } from './country-table.ts';

/**
 * The seller's VAT number, checked by the rule of the company's country (COUNTRY_RULES'
 * `vatNumber`): DOMAIN.md, "What the form must carry, and the shop's identity";
 * docs/decisions/016-shop-legal-identity.md.
 */

/** The longest text taken as a VAT number, as typed (a country without rules keeps it so). */
export const VAT_NUMBER_MAX_LENGTH = 30;

type Scheme = {
  /** Whether the digits (prefix, spaces and punctuation already gone) are a number of the scheme. */
  isValid: (digits: string) => boolean;
  /** Turns what was accepted into the number kept, e.g. a BiH JIB into its VAT number. */
  normalise?: (digits: string) => string;
  /** The `validation` message that says what a number of the scheme looks like. */
  message: string;
};

const DIGITS = /^\d+$/;

/** Slovenia: stdnum reads a check of 11 as 1; DOMAIN.md (after FURS) says such a number is invalid. */
function slovenianSumIsZero(digits: string): boolean {
  const sum = [...digits.slice(0, 7)].reduce((total, digit, k) => total + (8 - k) * +digit, 0);
  return sum % 11 === 0;
}

const SCHEMES: Readonly<Record<VatNumberScheme, Scheme>> = {
  'HR.oib': { isValid: (digits) => oib.validate(digits).isValid, message: 'vatNumberInvalidOib' },
  'SI.ddv': {
    isValid: (digits) => ddv.validate(digits).isValid && !slovenianSumIsZero(digits),
    message: 'vatNumberInvalidSi',
  },
  'RS.pib': { isValid: (digits) => pib.validate(digits).isValid, message: 'vatNumberInvalidPib' },
  // No check digit is published for it: the format alone. The 13-digit JIB of a company (4 and
  // the VAT number) is what many clerks have at hand, so it is taken too.
  'BA.pdv': {
    isValid: (digits) =>
      DIGITS.test(digits) && (digits.length === 12 || (digits.length === 13 && digits[0] === '4')),
    normalise: (digits) => (digits.length === 13 ? digits.slice(1) : digits),
    message: 'vatNumberInvalidBa',
  },
};

export type VatNumberCheck =
  | { isValid: true; /** The number as it is kept and printed. */ value: string }
  | { isValid: false; /** A key of the `validation` catalogue. */ message: string };

/** What a clerk types around the digits: spaces, dots, dashes, slashes. */
const SEPARATORS = /[\s.\-/]/g;

/**
 * Checks a VAT number by the rule of `country` (ISO 3166-1 alpha-2) and gives it in the form it is
 * kept: the country's prefix, if any, then the digits (`hr 694-351-515.30` → `HR69435151530`,
 * `RS 101134702` → `101134702`). The country's code in front is accepted where it has no prefix.
 * A country without rules takes any text up to VAT_NUMBER_MAX_LENGTH, with its spaces tidied.
 */
export function checkVatNumber(country: string, text: string): VatNumberCheck {
  const typed = text.replace(/\s+/g, ' ').trim();
  if (typed === '') return { isValid: false, message: 'vatNumberRequired' };
  if (typed.length > VAT_NUMBER_MAX_LENGTH) return { isValid: false, message: 'textTooLong' };
  const rules = findCountryRules(country);
  if (!rules) return { isValid: true, value: typed };
  const { scheme: name, prefix } = rules.vatNumber;
  const scheme = SCHEMES[name];
  let digits = typed.replace(SEPARATORS, '').toUpperCase();
  for (const code of [prefix, rules.country]) {
    if (code && digits.startsWith(code)) {
      digits = digits.slice(code.length);
      break;
    }
  }
  if (!DIGITS.test(digits) || !scheme.isValid(digits)) {
    return { isValid: false, message: scheme.message };
  }
  return { isValid: true, value: `${prefix ?? ''}${scheme.normalise?.(digits) ?? digits}` };
}

/** Whether a stored VAT number passes the check of its company's country. */
export function isValidVatNumber(country: string, value: string | null | undefined): boolean {
  return value != null && checkVatNumber(country, value).isValid;
}

import type { CountryCode } from 'libphonenumber-js/core';
import { phoneNumberParser } from '#numbering-plans';

export type { CountryCode } from 'libphonenumber-js/core';
export { loadNumberingPlans } from '#numbering-plans';

// The e-mail rules are in email.rules.ts: a form that checks an address alone does not load the
// numbering plans.

export type PhoneCheck = {
  isValid: boolean;
  /** The number in E.164 ('+385912345678'), null when not valid. */
  e164: string | null;
  /** The number's country (ISO 3166 alpha-2), when it belongs to one. */
  country: CountryCode | null;
};

/**
 * Checks a phone number: international with '+' (or the '00' prefix used across Europe), or a
 * national number read for `defaultCountry` (e.g. the shop's country). Spaces, dashes, dots and
 * brackets are accepted as typed. In the browser, `loadNumberingPlans()` must have resolved
 * first: a number is never judged without its plans.
 */
export function checkPhone(input: string, defaultCountry?: CountryCode): PhoneCheck {
  const text = input.trim().replace(/^00(?=\d)/, '+');
  if (!/^\+?[\d\s\-./()]{4,30}$/.test(text)) return { isValid: false, e164: null, country: null };
  const parse = phoneNumberParser();
  if (!parse) throw new Error('Phone numbers are checked once loadNumberingPlans() resolved.');
  const phone = parse(text, defaultCountry);
  if (!phone?.isValid()) return { isValid: false, e164: null, country: null };
  return { isValid: true, e164: phone.number, country: phone.country ?? null };
}

export function isValidPhone(input: string, defaultCountry?: CountryCode): boolean {
  return checkPhone(input, defaultCountry).isValid;
}

/** The number in E.164, or null when it is not a valid phone number. */
export function normalisePhone(input: string, defaultCountry?: CountryCode): string | null {
  return checkPhone(input, defaultCountry).e164;
}

// The `max` metadata validates the digits themselves, not only the length (the default `min`
// metadata would accept any number of the right length): worth its 65 kB on a form whose phone
// number is how the operator reaches a traveller about a refund.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type { CountryCode } from 'libphonenumber-js/max';

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
 * brackets are accepted as typed.
 */
export function checkPhone(input: string, defaultCountry?: CountryCode): PhoneCheck {
  const text = input.trim().replace(/^00(?=\d)/, '+');
  if (!/^\+?[\d\s\-./()]{4,30}$/.test(text)) return { isValid: false, e164: null, country: null };
  const phone = parsePhoneNumberFromString(text, defaultCountry);
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

import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Bank details for the refund by bank transfer (option6), checked with ibantools: the IBAN's
 * country, its country-specific length and format, and its check digits; the BIC's shape and
 * country. Spaces, dashes and lower case are accepted as typed.
 */

/** The IBAN in electronic format: no spaces or dashes, upper case ('HR12 1001…' → 'HR121001…'). */
export function normaliseIban(input: string): string {
  return electronicFormatIBAN(input.trim()) ?? '';
}

export function isValidIbanNumber(input: string): boolean {
  return isValidIBAN(normaliseIban(input));
}

/** The IBAN in groups of four, as printed ('HR12 1001 0051 8630 0016 0'). */
export function formatIban(input: string): string {
  return friendlyFormatIBAN(normaliseIban(input)) ?? '';
}

/** The BIC/SWIFT code without spaces, upper case. */
export function normaliseBic(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** BIC/SWIFT: 8 or 11 characters, bank code, a known country, location and optional branch. */
export function isValidBicCode(input: string): boolean {
  return isValidBIC(normaliseBic(input));
}

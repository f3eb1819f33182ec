// The `max` metadata validates the digits themselves, not only the length (the `min` metadata
// would accept any number of the right length): worth its size on a form whose phone number is
// how the operator reaches a traveller about a refund.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Reads a phone number against the numbering plans (libphonenumber-js with `max` metadata). */
export type PhoneNumberParser = typeof parsePhoneNumberFromString;

/**
 * The phone number reader. On a server (and in Node generally) it is here from the start; the
 * browser's version, numbering-plans.browser.ts, fetches it when a number is first to be
 * checked. `#numbering-plans` in package.json picks one.
 */
export function phoneNumberParser(): PhoneNumberParser | null {
  return parsePhoneNumberFromString;
}

/** Resolves once the phone number reader is here: at once where it is bundled. */
export async function loadNumberingPlans(): Promise<void> {}

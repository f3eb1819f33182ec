import type { PhoneNumberParser } from './numbering-plans.ts';

let parser: PhoneNumberParser | null = null;
let loading: Promise<void> | null = null;

/**
 * The phone number reader in the browser, with its numbering plans: about 45 kB gzipped that a
 * screen pays for only once a phone number is typed. Null until loadNumberingPlans() resolved.
 */
export function phoneNumberParser(): PhoneNumberParser | null {
  return parser;
}

/** Fetches the reader once; a failed fetch is tried again on the next call. */
export function loadNumberingPlans(): Promise<void> {
  loading ??= import('libphonenumber-js/max').then(
    (module) => {
      parser = module.parsePhoneNumberFromString;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

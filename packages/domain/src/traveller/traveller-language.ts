import * as z from 'zod/mini';
import { isLanguage, type Language } from '../i18n/languages.ts';

/**
 * Countries (ISO 3166-1 alpha-2) whose people can be written to in one of the portal's languages
 * without a doubt: the country's own language, or the one its people read in every official text.
 * Countries of several languages (Belgium, Luxembourg, India…) are left out on purpose: a wrong
 * guess reads worse than English. Canada and Switzerland follow the larger part of their people.
 */
const LANGUAGE_OF_COUNTRY: Readonly<Record<string, Language>> = {
  HR: 'hr',
  SI: 'sl-si',
  RS: 'sr',
  ME: 'sr',
  BA: 'bs',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  FR: 'fr',
  MC: 'fr',
  ES: 'es',
  MX: 'es',
  GT: 'es',
  HN: 'es',
  SV: 'es',
  NI: 'es',
  CR: 'es',
  PA: 'es',
  CU: 'es',
  DO: 'es',
  CO: 'es',
  VE: 'es',
  EC: 'es',
  PE: 'es',
  BO: 'es',
  CL: 'es',
  AR: 'es',
  UY: 'es',
  PY: 'es',
  US: 'en',
  GB: 'en',
  IE: 'en',
  CA: 'en',
  AU: 'en',
  NZ: 'en',
};

/**
 * The language a traveller's e-mails default to: that of the nationality's country, else of the
 * country that issued the passport; null (English) when neither clearly has one of the portal's.
 */
export function defaultTravellerLanguage(
  nationalityIso2: string | null | undefined,
  issuingIso2: string | null | undefined,
): Language | null {
  for (const iso of [nationalityIso2, issuingIso2]) {
    const language = iso ? LANGUAGE_OF_COUNTRY[iso.toUpperCase()] : undefined;
    if (language) return language;
  }
  return null;
}

/** One of the portal's languages, or left out ('' and null too): the server picks the default. */
export const wireTravellerLanguage = z.pipe(
  z
    .nullish(z.string({ error: 'invalidValue' }))
    .check(z.refine((value) => !value || isLanguage(value), 'invalidValue')),
  z.transform((value: string | null | undefined): Language | null =>
    value && isLanguage(value) ? value : null,
  ),
);

import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Language } from '@taxfree/domain';

const require = createRequire(import.meta.url);
const LOCALES: Record<Language, string> = {
  en: 'en',
  hr: 'hr',
  fr: 'fr',
  'sl-si': 'sl',
  de: 'de',
  sr: 'sr',
  bs: 'bs',
  es: 'es',
};
for (const locale of new Set(Object.values(LOCALES))) {
  countries.registerLocale(
    require(`i18n-iso-countries/langs/${locale}.json`) as countries.LocaleData,
  );
}

/**
 * Serbian Cyrillic to Latin script: the official one-to-one letter correspondence. The portal
 * writes Serbian in Latin script, the country-name data ships it in Cyrillic.
 */
const SERBIAN_LATIN: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Д: 'D',
  Ђ: 'Đ',
  Е: 'E',
  Ж: 'Ž',
  З: 'Z',
  И: 'I',
  Ј: 'J',
  К: 'K',
  Л: 'L',
  Љ: 'Lj',
  М: 'M',
  Н: 'N',
  Њ: 'Nj',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  Ћ: 'Ć',
  У: 'U',
  Ф: 'F',
  Х: 'H',
  Ц: 'C',
  Ч: 'Č',
  Џ: 'Dž',
  Ш: 'Š',
};
const serbianLatin = (text: string) =>
  [...text]
    .map((c) => {
      const upper = SERBIAN_LATIN[c];
      if (upper) return upper;
      const lower = SERBIAN_LATIN[c.toUpperCase()];
      return lower ? lower.toLowerCase() : c;
    })
    .join('');

/** A country's name in the interface language (Serbian in Latin script). */
export function countryName(iso2: string, language: Language): string {
  const name = countries.getName(iso2, LOCALES[language]) ?? countries.getName(iso2, 'en') ?? iso2;
  return language === 'sr' ? serbianLatin(name) : name;
}

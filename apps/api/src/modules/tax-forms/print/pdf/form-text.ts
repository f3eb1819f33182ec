import { findCountryRules, formatMoney, LANGUAGE_LOCALES, type Language } from '@taxfree/domain';
import { translator } from '../../../../lib/i18n.ts';
import type { Bilingual } from './pdf-page.ts';
import type { PrintContext } from './print-context.ts';

/** The language a country's forms are printed in (English beside it): customs read it. */
export function formLanguageOf(country: string): Language {
  return findCountryRules(country)?.formLanguage ?? 'en';
}

const rateFormats = new Map<Language, Intl.NumberFormat>();
/** VAT rates as each language writes them: 25 %, 9,5 %. */
function rateFormat(language: Language) {
  let format = rateFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { maximumFractionDigits: 2 });
    rateFormats.set(language, format);
  }
  return format;
}

export const formatDate = (iso: string | null | undefined) =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '';

export const joined = (text: Bilingual) =>
  text.en === null ? text.local : `${text.local} / ${text.en}`;

const labelCache = new Map<string, Bilingual>();

/**
 * The words and numbers of one form: its labels in the form's language with English beside it,
 * country names, amounts in the shop's currency and VAT rates, each as the language writes them.
 */
export function formText(ctx: PrintContext) {
  const language = formLanguageOf(ctx.company.country);
  const local = translator(language);
  const english = translator('en');
  /** English beside the form's language, unless both write it alike (IBAN, PayPal). */
  const bilingual = (localText: string, englishText: string): Bilingual => ({
    local: localText,
    en: language === 'en' || localText === englishText ? null : englishText,
  });
  /** A label of the form (`pdf.<key>`) in both languages. */
  const both = (key: string, params?: Record<string, unknown>): Bilingual => {
    const make = () => bilingual(local(`pdf.${key}`, params), english(`pdf.${key}`, params));
    if (params) return make();
    // The labels are the same on every form of a language: translated once.
    const cacheKey = `${language}|${key}`;
    let label = labelCache.get(cacheKey);
    if (!label) {
      label = make();
      labelCache.set(cacheKey, label);
    }
    return label;
  };
  /** Any catalogue key in both languages, `defaultValue` when the catalogue has none. */
  const plain = (key: string, defaultValue?: string): Bilingual =>
    bilingual(local(key, { defaultValue }), english(key, { defaultValue }));
  const country = (id: number | null) => {
    if (id === null) return '';
    const name = ctx.countryName(id, language);
    const en = ctx.countryName(id, 'en');
    return language === 'en' || name === en ? name : `${name} / ${en}`;
  };
  const money = (cents: number) => formatMoney(cents, language, ctx.company.currency);
  const rates = rateFormat(language);
  const percent = (rate: number) => `${rates.format(rate)} %`;
  return { language, local, english, both, plain, country, money, percent };
}

export type FormText = ReturnType<typeof formText>;

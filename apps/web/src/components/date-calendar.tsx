import { Loader } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { LANGUAGE_LOCALES, type Language } from '@taxfree/domain';
import { useEffect, useState } from 'react';

/**
 * The month names and first weekday of each language's Intl locale, as dayjs writes them. Each
 * import is spelled out for the bundler, which makes each its own small file: only the language
 * in use is fetched, when a calendar first opens in it.
 */
const DAYJS_LOCALES: Record<string, () => Promise<unknown>> = {
  'en-gb': () => import('dayjs/locale/en-gb'),
  hr: () => import('dayjs/locale/hr'),
  fr: () => import('dayjs/locale/fr'),
  sl: () => import('dayjs/locale/sl'),
  de: () => import('dayjs/locale/de'),
  sr: () => import('dayjs/locale/sr'),
  bs: () => import('dayjs/locale/bs'),
  es: () => import('dayjs/locale/es'),
};

/** The dayjs locale of a language's Intl locale: en-GB → en-gb, hr-HR → hr, sr-Latn-RS → sr. */
export function dayjsLocaleOf(language: Language): string {
  const tag = LANGUAGE_LOCALES[language].toLowerCase();
  return tag in DAYJS_LOCALES ? tag : (tag.split('-')[0] ?? 'en');
}

const loaded = new Set<string>(['en']);

/** The dayjs locale of `language` once loaded; English meanwhile. */
function useDayjsLocale(language: Language): string {
  const locale = dayjsLocaleOf(language);
  const [, setReady] = useState(0);
  useEffect(() => {
    const load = DAYJS_LOCALES[locale];
    if (loaded.has(locale) || !load) return;
    let current = true;
    void load().then(() => {
      loaded.add(locale);
      if (current) setReady((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded.has(locale) ? locale : 'en';
}

type DateCalendarProps = {
  /** yyyy-mm-dd, or '' for none. */
  value: string;
  min?: string;
  max?: string;
  language: Language;
  onPick: (day: string) => void;
};

/** The month of `value` (or of today), its days in the language; days outside min–max are off. */
export function DateCalendar({ value, min, max, language, onPick }: DateCalendarProps) {
  const locale = useDayjsLocale(language);
  if (locale === 'en' && dayjsLocaleOf(language) !== 'en') return <Loader size="sm" />;
  return (
    <DatePicker
      locale={locale}
      value={value || null}
      defaultDate={value || max || undefined}
      minDate={min || undefined}
      maxDate={max || undefined}
      onChange={(day) => {
        if (day) onPick(day);
      }}
    />
  );
}

import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALES } from '@taxfree/domain';

/** The days the last month's counter spans (the server's "last 30 days", today included). */
export const LAST_MONTH_DAYS = 30;

const localeOf = (language: string) =>
  LANGUAGE_LOCALES[isLanguage(language) ? language : DEFAULT_LANGUAGE];

/**
 * A share (0 to 1) as a percentage in the interface language, whole: `12%`, `12 %`. A share too
 * small to show as 1 % keeps a decimal, so that it does not read as none.
 */
export function formatShare(share: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'percent',
    maximumFractionDigits: share > 0 && share < 0.01 ? 1 : 0,
  }).format(share);
}

/** The forms of the last month per day, to one decimal, in the interface language. */
export function formatDailyAverage(lastMonth: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(
    lastMonth / LAST_MONTH_DAYS,
  );
}

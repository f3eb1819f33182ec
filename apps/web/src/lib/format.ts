import {
  amountToCents,
  formatMoney,
  LANGUAGE_LOCALES,
  type Language,
  writeDay,
  writeDayMonth,
  writeMoment,
} from '@taxfree/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { readDate } from './dates';
import { currentLanguage } from './i18n';

/**
 * Amounts and dates in the interface language (i18next's current language), the way the printed
 * form writes them: `1.234,50 EUR` and 27.11.2026 in Croatian, `1,234.50 EUR` and 27/11/2026 in
 * English. Components that show them re-render on a change of language through `useTranslation`.
 */

export const STORAGE_DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';

/** A number from whatever the API or an input holds; 0 for anything not finite (SPEC 7). */
export function toNumber(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.trim() || Number.NaN) : Number(value);
  return Number.isFinite(number) ? number : 0;
}

/**
 * `1.234,50 EUR` (hr), `1,234.50 EUR` (en): two decimals, the interface language's grouping and
 * decimal mark, then the currency code. An amount that is not a finite number shows as 0.
 */
export function formatAmount(value: unknown, currency = ''): string {
  return formatMoney(amountToCents(toNumber(value)), currentLanguage(), currency);
}

function toDayjs(value: string | Date | Dayjs | null | undefined): Dayjs | null {
  if (value === null || value === undefined) return null;
  const parsed =
    typeof value === 'string' ? (readDate(value) ? dayjs(readDate(value)) : null) : dayjs(value);
  return parsed?.isValid() ? parsed : null;
}

/**
 * The day in the interface language's figures (27.11.2026 in hr, de, sl, sr and bs, 27/11/2026 in
 * fr, es and en), or '' for no date, a zero date or nonsense.
 */
export function formatDate(value: string | Date | Dayjs | null | undefined): string {
  const day = toDayjs(value);
  return day ? writeDay(day.year(), day.month() + 1, day.date(), currentLanguage()) : '';
}

/** Day and month alone, as a chart's axis shows them: 27.11, 27/11. */
export function formatDayMonth(value: string | Date | Dayjs | null | undefined): string {
  const day = toDayjs(value);
  return day ? writeDayMonth(day.month() + 1, day.date(), currentLanguage()) : '';
}

const textFormats = new Map<Language, Intl.DateTimeFormat>();

/** The text form with the month's short name in the interface language: `05 Mar 2025`. */
export function formatDateText(value: string | Date | Dayjs | null | undefined): string {
  const day = toDayjs(value);
  if (!day) return '';
  const language = currentLanguage();
  let format = textFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    });
    textFormats.set(language, format);
  }
  return format.format(day.toDate());
}

/**
 * A moment as its day in the interface language's figures and the time on a 24-hour clock,
 * `27.11.2026 14:05`, on the clock of `timeZone` (the shop's) or else the computer's; '' for
 * anything that is not a moment.
 */
export function formatDateTime(value: string | Date | Dayjs, timeZone?: string): string {
  const date = dayjs(value);
  return date.isValid() ? writeMoment(date.toDate(), currentLanguage(), timeZone) : '';
}

/** yyyy-mm-dd, the way dates travel to the API. */
export function toStorageDate(value: string | Date | Dayjs | null | undefined): string {
  return toDayjs(value)?.format(STORAGE_DATE_FORMAT) ?? '';
}

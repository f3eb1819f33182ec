import dayjs, { type Dayjs } from 'dayjs';
import { readDate } from './dates';

export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TEXT_FORMAT = 'DD MMM YYYY';
export const STORAGE_DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';

/** A number from whatever the API or an input holds; 0 for anything not finite (SPEC 7). */
export function toNumber(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.trim() || Number.NaN) : Number(value);
  return Number.isFinite(number) ? number : 0;
}

const amountFormatter = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `1,234.50 EUR`: two decimals, English grouping, then the currency code (SPEC 9). */
export function formatAmount(value: unknown, currency = ''): string {
  const number = toNumber(value);
  // -0 (or a negative amount that rounds to zero) would print as "-0.00".
  const amount = amountFormatter.format(Math.abs(number) < 0.005 ? 0 : number);
  return currency ? `${amount} ${currency}` : amount;
}

function toDayjs(value: string | Date | Dayjs | null | undefined): Dayjs | null {
  if (value === null || value === undefined) return null;
  const parsed =
    typeof value === 'string' ? (readDate(value) ? dayjs(readDate(value)) : null) : dayjs(value);
  return parsed?.isValid() ? parsed : null;
}

/** dd.MM.yyyy, or '' for no date, a zero date or nonsense. */
export function formatDate(value: string | Date | Dayjs | null | undefined): string {
  return toDayjs(value)?.format(DATE_FORMAT) ?? '';
}

/** The text form, e.g. `05 Mar 2025`. */
export function formatDateText(value: string | Date | Dayjs | null | undefined): string {
  return toDayjs(value)?.format(DATE_TEXT_FORMAT) ?? '';
}

/** yyyy-mm-dd, the way dates travel to the API. */
export function toStorageDate(value: string | Date | Dayjs | null | undefined): string {
  return toDayjs(value)?.format(STORAGE_DATE_FORMAT) ?? '';
}

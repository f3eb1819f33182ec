import dayjs, { type Dayjs } from 'dayjs';
import { STORAGE_DATE_FORMAT } from '@/lib/format';

/** A period of sales dates, both ends included, as yyyy-mm-dd. */
export type Period = { from: string; to: string };

function span(from: Dayjs, to: Dayjs): Period {
  return { from: from.format(STORAGE_DATE_FORMAT), to: to.format(STORAGE_DATE_FORMAT) };
}

/**
 * From the first day of the current month to today (the screen's default). `today` is the shop's
 * day (yyyy-mm-dd, `shopToday`), not the computer's: the forms are dated in the shop's time zone.
 */
export function thisMonth(today: string): Period {
  const day = dayjs(today);
  return span(day.startOf('month'), day);
}

/** The whole calendar month before the shop's `today` (yyyy-mm-dd). */
export function lastMonth(today: string): Period {
  const month = dayjs(today).subtract(1, 'month');
  return span(month.startOf('month'), month.endOf('month'));
}

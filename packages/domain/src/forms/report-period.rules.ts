import { isIsoDate } from './days.ts';

/** Why a report's period cannot be reported: a date that is none, an end before the start, too long. */
export type PeriodRefusal = 'dateInvalid' | 'periodReversed' | 'periodTooLong';

/** The longest a report's period runs past its first day: a year, a leap year's included. */
export const REPORT_PERIOD_MAX_DAYS = 366;

/**
 * Whether a report (the tax form breakdown, on screen and exported) can cover the days from `from`
 * to `to`, both included and written yyyy-mm-dd: null when it can, else why not. The screen and
 * the server judge with this one rule.
 */
export function reportPeriodRefusal(from: string, to: string): PeriodRefusal | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'dateInvalid';
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0) return 'periodReversed';
  return days > REPORT_PERIOD_MAX_DAYS ? 'periodTooLong' : null;
}

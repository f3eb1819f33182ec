import { isIsoDate } from './days.ts';

/** Why a report's period cannot be reported: a date that is none, an end before the start, too long. */
export type PeriodRefusal = 'dateInvalid' | 'periodReversed' | 'periodTooLong';

/** A refusal of a report's period, and the end of it that is wrong. */
export type PeriodProblem = { field: 'from' | 'to'; message: PeriodRefusal };

/**
 * Whether a report (the tax form breakdown, on screen and exported) can cover the days from `from`
 * to `to`, both included and written yyyy-mm-dd: null when it can, else why not and which end is
 * wrong. A period is at most a year: it ends before the same day a year on (1 January to 31
 * December; 29 February to 28 February). The screen and the server judge with this one rule.
 */
export function reportPeriodProblem(from: string, to: string): PeriodProblem | null {
  if (!isIsoDate(from)) return { field: 'from', message: 'dateInvalid' };
  if (!isIsoDate(to)) return { field: 'to', message: 'dateInvalid' };
  if (to < from) return { field: 'to', message: 'periodReversed' };
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  // The same day a year on; a 29 February runs on to 1 March.
  const yearOn = new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10);
  return to < yearOn ? null : { field: 'to', message: 'periodTooLong' };
}

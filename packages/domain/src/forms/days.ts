/** Calendar days, written 'yyyy-mm-dd': today, a shop's today, days later. */

/** Whether a year, month (1–12) and day make a day of the calendar (no 31 February). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Whether a text is a real calendar date written yyyy-mm-dd. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return y >= 1900 && isCalendarDay(y, m, d);
}

/** Today as 'yyyy-mm-dd' in the local time zone of the caller. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Per time zone: its formatter, and the last minute asked for with its day. */
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/**
 * The calendar day 'yyyy-mm-dd' of an instant in a time zone, now by default: a shop's today, so
 * that a form issued at half past midnight in Zagreb is not dated the day before, as UTC has it.
 * Every zone's offset is a whole number of minutes, so instants of the same minute share a day:
 * the last minute's answer is kept, and a busy server formats once a minute, not on every call.
 */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  const minute = Math.floor(at.getTime() / 60_000);
  let zone = dayFormats.get(timeZone);
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    zone = { format, minute: Number.NaN, day: '' };
    dayFormats.set(timeZone, zone);
  }
  if (zone.minute !== minute) {
    const parts = zone.format.formatToParts(at);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
    zone.day = `${part('year')}-${part('month')}-${part('day')}`;
    zone.minute = minute;
  }
  return zone.day;
}

/** Adds days to a 'yyyy-mm-dd' date. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * A receipt's local time (Croatia's and Slovenia's codes carry the shop's wall-clock time) as an
 * instant with its offset, by the zone's rules as Intl knows them: no date library needed.
 */

/** A wall-clock time as a code gives it; month 1–12. */
export type LocalTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at an instant, in minutes (Zagreb: 60 in winter, 120 in summer). */
function offsetAt(timeZone: string, instant: number): number {
  const parts = formatIn(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** Whether the fields name a real day and time of day (no 31 April, no 24:00). */
function isRealTime(t: LocalTime): boolean {
  const at = new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second));
  return (
    t.year >= 1000 &&
    t.year <= 9999 &&
    at.getUTCFullYear() === t.year &&
    at.getUTCMonth() === t.month - 1 &&
    at.getUTCDate() === t.day &&
    at.getUTCHours() === t.hour &&
    at.getUTCMinutes() === t.minute &&
    at.getUTCSeconds() === t.second
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/**
 * The instant of a wall-clock time in `timeZone`, as ISO 8601 with that zone's offset then
 * (`2025-01-15T12:45:00+01:00`, `2025-07-15T12:45:00+02:00`); null for a time that is no time.
 * A time the clocks skip in spring is read with the offset before the change (02:30 becomes
 * 03:30 summer time); one they pass twice in autumn as the first, in summer time.
 */
export function zonedIsoTime(timeZone: string, time: LocalTime): string | null {
  if (!isRealTime(time)) return null;
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const day = 24 * 3_600_000;
  const before = offsetAt(timeZone, wall - day);
  const after = offsetAt(timeZone, wall + day);
  const fits = [before, after]
    .map((candidate) => wall - candidate * 60_000)
    .filter((instant) => wall - offsetAt(timeZone, instant) * 60_000 === instant);
  const instant = fits.length > 0 ? Math.min(...fits) : wall - before * 60_000;
  const offset = offsetAt(timeZone, instant);
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetText(offset)}`;
}

import { isCalendarDay } from '../forms/days.ts';
import { LANGUAGE_LOCALES, type Language } from './languages.ts';

/**
 * Calendar days as each interface language writes them in figures, taken from `Intl` in the
 * language's locale (LANGUAGE_LOCALES): its order of day, month and year and the mark between
 * them, without the spaces and final dot some add ("27. 11. 2026." in Croatian is typed and shown
 * as 27.11.2026). English follows en-GB, day first (27/11/2026): the shops are European.
 */

type DayPart = 'day' | 'month' | 'year';

export type DayPattern = { order: readonly DayPart[]; separator: string };

const patterns = new Map<Language, DayPattern>();

export function dayPatternOf(language: Language): DayPattern {
  let pattern = patterns.get(language);
  if (!pattern) {
    const parts = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).formatToParts(new Date(2026, 10, 27));
    const order = parts
      .map((part) => part.type)
      .filter((type): type is DayPart => type === 'day' || type === 'month' || type === 'year');
    const between = parts.find((part) => part.type === 'literal')?.value.trim();
    pattern = { order, separator: between || '.' };
    patterns.set(language, pattern);
  }
  return pattern;
}

const two = (value: number) => String(value).padStart(2, '0');

/** A calendar day (month 1–12) in the language's figures: 27.11.2026, 27/11/2026. */
export function writeDay(year: number, month: number, day: number, language: Language): string {
  const { order, separator } = dayPatternOf(language);
  const text = { day: two(day), month: two(month), year: String(year).padStart(4, '0') };
  return order.map((part) => text[part]).join(separator);
}

/** Day and month alone (a chart's axis): 27.11, 27/11. */
export function writeDayMonth(month: number, day: number, language: Language): string {
  const { order, separator } = dayPatternOf(language);
  const text = { day: two(day), month: two(month) };
  return order
    .filter((part) => part !== 'year')
    .map((part) => text[part as 'day' | 'month'])
    .join(separator);
}

/** A day of the calendar, its year written with four figures. */
const isRealDay = (year: number, month: number, day: number) =>
  year >= 1000 && isCalendarDay(year, month, day);

/**
 * A day as a clerk types it, as yyyy-mm-dd, or null when it is not a real day. Read: the
 * language's order with any of `.` `/` `-` or spaces between the parts and a final dot or not
 * (27.11.2026, 27. 11. 2026., 27/11/2026, 7.3.2026), its eight figures alone (27112026), and
 * yyyy-mm-dd. The year has four figures: a two-figure year is a guess, a birth date's above all.
 */
export function readDay(text: string, language: Language): string | null {
  const trimmed = text.trim().replace(/\.$/, '');
  let values: Partial<Record<DayPart, string>>;
  const { order } = dayPatternOf(language);
  if (/^\d{8}$/.test(trimmed)) {
    const lengths = { day: 2, month: 2, year: 4 };
    let at = 0;
    values = {};
    for (const part of order) {
      values[part] = trimmed.slice(at, at + lengths[part]);
      at += lengths[part];
    }
  } else {
    const pieces = trimmed.split(/\s*[./-]\s*|\s+/);
    if (pieces.length !== 3 || !pieces.every((piece) => /^\d+$/.test(piece))) return null;
    // A year written first (2026-11-27, as dates travel) is read as year, month, day.
    const partsOrder: readonly DayPart[] =
      pieces[0]?.length === 4 ? ['year', 'month', 'day'] : order;
    values = Object.fromEntries(partsOrder.map((part, index) => [part, pieces[index]]));
  }
  const { day = '', month = '', year = '' } = values;
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  return isRealDay(y, m, d) ? `${year}-${two(m)}-${two(d)}` : null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-mm-dd in the language's figures; '' for anything else. */
export function writeIsoDay(iso: string, language: Language): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? writeDay(year, month, day, language) : '';
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment in the language's figures, its day as `writeDay` writes it and the time on a 24-hour
 * clock, in `timeZone` (the runtime's own when none is given): 27.11.2026 14:05, 27/11/2026 14:05.
 * The screens and the server's messages (who changed a form, and when) write moments so.
 */
export function writeMoment(at: Date, language: Language, timeZone?: string): string {
  const key = `${language}|${timeZone ?? ''}`;
  let format = momentFormats.get(key);
  if (!format) {
    // Its parts only, in figures: `writeDay` puts them in the language's order, with its mark.
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      timeZone,
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    momentFormats.set(key, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  const day = writeDay(Number(part('year')), Number(part('month')), Number(part('day')), language);
  return `${day} ${part('hour')}:${part('minute')}`;
}

import { describe, expect, it } from 'vitest';
import { readDay, writeDay, writeIsoDay, writeMoment } from './day-text.ts';
import { LANGUAGES } from './languages.ts';

describe('days in figures', () => {
  it('writes the day as each language does, without the spaces and final dot', () => {
    for (const language of ['hr', 'de', 'sl-si', 'sr', 'bs'] as const) {
      expect(writeDay(2026, 11, 27, language)).toBe('27.11.2026');
    }
    for (const language of ['fr', 'es', 'en'] as const) {
      expect(writeDay(2026, 3, 7, language)).toBe('07/03/2026');
    }
  });

  it('writes yyyy-mm-dd, and nothing for what is not a real day', () => {
    expect(writeIsoDay('2026-11-27', 'de')).toBe('27.11.2026');
    expect(writeIsoDay('2026-02-30', 'de')).toBe('');
    expect(writeIsoDay('27.11.2026', 'de')).toBe('');
  });

  it.each(LANGUAGES)('reads back in %s every day it writes', (language) => {
    for (const [year, month, day] of [
      [2026, 11, 27],
      [2024, 2, 29],
      [1950, 1, 1],
    ] as const) {
      const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      expect(readDay(writeDay(year, month, day, language), language)).toBe(iso);
    }
  });

  it('reads what a clerk types: any mark, spaces, a final dot, eight figures, yyyy-mm-dd', () => {
    for (const typed of [
      '27.11.2026',
      '27. 11. 2026.',
      '27/11/2026',
      '27-11-2026',
      '27 11 2026',
      ' 27.11.2026 ',
      '27112026',
      '2026-11-27',
    ]) {
      expect(readDay(typed, 'hr')).toBe('2026-11-27');
      expect(readDay(typed, 'en')).toBe('2026-11-27');
    }
    expect(readDay('7.3.2026', 'de')).toBe('2026-03-07');
  });

  it('refuses what is not a real day, a two-figure year and anything else', () => {
    for (const typed of [
      '31.02.2026',
      '27.13.2026',
      '00.11.2026',
      '27.11.26',
      '27.11',
      '27.11.2026.1',
      'tomorrow',
      '',
      '2026-11-27T10:00',
    ]) {
      expect(readDay(typed, 'hr')).toBeNull();
    }
  });

  it('writes a moment as its day and a 24-hour time, in the time zone given', () => {
    const at = new Date('2026-12-01T10:18:00Z');
    expect(writeMoment(at, 'hr', 'Europe/Zagreb')).toBe('01.12.2026 11:18');
    expect(writeMoment(at, 'en', 'Europe/Zagreb')).toBe('01/12/2026 11:18');
    expect(writeMoment(at, 'de', 'UTC')).toBe('01.12.2026 10:18');
    // Past midnight in Zagreb, still the day before in UTC.
    expect(writeMoment(new Date('2026-11-30T23:30:00Z'), 'sl-si', 'Europe/Zagreb')).toBe(
      '01.12.2026 00:30',
    );
  });
});

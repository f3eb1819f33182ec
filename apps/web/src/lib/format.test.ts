import { afterEach, describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDateText,
  formatDateTime,
  formatDayMonth,
  toNumber,
  toStorageDate,
} from './format';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('formatAmount', () => {
  it('shows two decimals, the grouping of the interface language and the currency code', () => {
    expect(formatAmount(1234.5, 'EUR')).toBe('1,234.50 EUR');
    expect(formatAmount(1234567.891, 'HRK')).toBe('1,234,567.89 HRK');
    expect(formatAmount(0, 'EUR')).toBe('0.00 EUR');
  });

  it('follows the interface language', async () => {
    await i18n.changeLanguage('hr');
    expect(formatAmount(1234.5, 'EUR')).toBe('1.234,50 EUR');
    await i18n.changeLanguage('de');
    expect(formatAmount('1234567.89', 'EUR')).toBe('1.234.567,89 EUR');
    await i18n.changeLanguage('fr');
    expect(formatAmount(1234.5, 'EUR')).toBe('1\u202f234,50 EUR');
    await i18n.changeLanguage('es');
    expect(formatAmount(1234.5)).toBe('1.234,50');
  });

  it('reads amounts the API sends as text', () => {
    expect(formatAmount('99.9', 'RSD')).toBe('99.90 RSD');
  });

  it('shows 0.00 for anything that is not a finite number', () => {
    expect(formatAmount('abc', 'EUR')).toBe('0.00 EUR');
    expect(formatAmount(null, 'EUR')).toBe('0.00 EUR');
    expect(formatAmount(Number.NaN, 'EUR')).toBe('0.00 EUR');
    expect(formatAmount(Number.POSITIVE_INFINITY, 'EUR')).toBe('0.00 EUR');
  });

  it('never prints a negative zero', () => {
    expect(formatAmount(-0.001, 'EUR')).toBe('0.00 EUR');
  });

  it('leaves the currency out when there is none', () => {
    expect(formatAmount(12)).toBe('12.00');
  });
});

describe('toNumber', () => {
  it('returns 0 for non-finite input and the number otherwise', () => {
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumber(' 7 ')).toBe(7);
    expect(toNumber('')).toBe(0);
    expect(toNumber(undefined)).toBe(0);
    expect(toNumber({})).toBe(0);
  });
});

describe('formatDate', () => {
  it('shows English dates day first, as en-GB writes them', () => {
    expect(formatDate('2025-03-05')).toBe('05/03/2025');
    expect(formatDate('2025-12-31 23:59:59')).toBe('31/12/2025');
    expect(formatDate(new Date(2024, 1, 29))).toBe('29/02/2024');
  });

  it('shows dates in the figures of the interface language', async () => {
    for (const language of ['hr', 'de', 'sl-si', 'sr', 'bs']) {
      await i18n.changeLanguage(language);
      expect(formatDate('2026-11-27')).toBe('27.11.2026');
      expect(formatDayMonth('2026-11-27')).toBe('27.11');
    }
    for (const language of ['fr', 'es', 'en']) {
      await i18n.changeLanguage(language);
      expect(formatDate('2026-11-27')).toBe('27/11/2026');
      expect(formatDayMonth('2026-11-27')).toBe('27/11');
    }
  });

  it('shows nothing for a zero date, no date or nonsense', () => {
    expect(formatDate('0000-00-00')).toBe('');
    expect(formatDate('0000-00-00 00:00:00')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('has a text form and the storage form', async () => {
    expect(formatDateText('2025-03-05')).toBe('05 Mar 2025');
    await i18n.changeLanguage('fr');
    expect(formatDateText('2025-03-05')).toBe('05 mars 2025');
    expect(toStorageDate(new Date(2025, 2, 5))).toBe('2025-03-05');
    expect(toStorageDate('0000-00-00')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the day in the language and the time on a 24-hour clock, on the shop clock', async () => {
    expect(formatDateTime('2026-07-01T22:30:00Z', 'Europe/Zagreb')).toBe('02/07/2026 00:30');
    await i18n.changeLanguage('hr');
    expect(formatDateTime('2026-07-01T22:30:00Z', 'Europe/Zagreb')).toBe('02.07.2026 00:30');
    expect(formatDateTime('2026-07-01T13:05:00Z', 'UTC')).toBe('01.07.2026 13:05');
  });

  it('shows nothing for what is not a moment', () => {
    expect(formatDateTime('not a moment')).toBe('');
  });
});

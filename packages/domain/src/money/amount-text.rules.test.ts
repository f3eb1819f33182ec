import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LANGUAGES, type Language } from '../i18n/languages.ts';
import {
  type AmountRefusal,
  decimalMarkOf,
  figuresIn,
  formatMoney,
  parseAmount,
} from './amount-text.rules.ts';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('writes two decimals, the language grouping and decimal mark, then the currency code', () => {
    for (const language of ['hr', 'de', 'sr', 'bs', 'sl-si', 'es'] as const) {
      expect(formatMoney(123_450, language, 'EUR')).toBe('1.234,50 EUR');
    }
    expect(formatMoney(123_450, 'fr', 'EUR')).toBe(`1${NNBSP}234,50 EUR`);
    expect(formatMoney(123_450, 'en', 'EUR')).toBe('1,234.50 EUR');
    expect(formatMoney(123_456_789, 'hr', 'HRK')).toBe('1.234.567,89 HRK');
  });

  it('leaves the currency out when there is none', () => {
    expect(formatMoney(1_200, 'hr')).toBe('12,00');
    expect(formatMoney(1_200, 'en', '')).toBe('12.00');
  });

  it('never writes a negative zero', () => {
    expect(formatMoney(-0, 'en', 'EUR')).toBe('0.00 EUR');
    expect(formatMoney(-0.4, 'de', 'EUR')).toBe('0,00 EUR');
  });

  it('writes the largest amount a form holds to the cent', () => {
    expect(formatMoney(99_999_999_999_999, 'en', 'EUR')).toBe('999,999,999,999.99 EUR');
  });

  it('refuses what is not a number rather than printing 0.00', () => {
    expect(() => formatMoney(Number.NaN, 'en')).toThrow(RangeError);
  });
});

type Row = [text: string, expected: number | AmountRefusal];

/** What a clerk types, in each language, and what it reads as (cents) or why it is refused. */
const COMMA_LANGUAGE_ROWS: Row[] = [
  ['1.234,56', 123_456],
  ['1234,56', 123_456],
  ['1234', 123_400],
  ['0,5', 50],
  [',5', 50],
  ['1.234', 123_400],
  ['1.234.567,8', 123_456_780],
  [' 12,30 ', 1_230],
  ['1 234,56', 123_456],
  [`1${NBSP}234,56`, 123_456],
  ['-12,50', -1_250],
  ['\u221212,50', -1_250],
  ['+7', 700],
  // The wire's spelling reads as itself: a point before one or two digits is no grouping.
  ['1234.50', 123_450],
  ['12.3', 1_230],
  ['1.2.3', 'grouping'],
  ['12,345,67', 'notANumber'],
  ['1,23,4', 'notANumber'],
  ['12.34.56', 'grouping'],
  ['1.23,45', 'grouping'],
  ['1.2345,6', 'grouping'],
  ['1 23,45', 'grouping'],
  ['1.234 567,00', 'grouping'],
  ['1,234.56', 'grouping'],
  // A leading 0 is no group of thousands: never 500.
  ['0.500', 'grouping'],
  ['00.500,00', 'grouping'],
  ['12,345', 'decimals'],
  ['1,5abc', 'notANumber'],
  ['abc', 'notANumber'],
  ['12 EUR', 'notANumber'],
  ['€12', 'notANumber'],
  ['1e5', 'notANumber'],
  ['12,', 'notANumber'],
  [',', 'notANumber'],
  ['--5', 'sign'],
  ['-+5', 'sign'],
  ['5-', 'sign'],
  ['', 'empty'],
  ['   ', 'empty'],
  ['1.000.000.000.000', 'tooLarge'],
  ['999.999.999.999,99', 99_999_999_999_999],
];

const ROWS: Record<Language, Row[]> = {
  hr: COMMA_LANGUAGE_ROWS,
  de: COMMA_LANGUAGE_ROWS,
  'sl-si': COMMA_LANGUAGE_ROWS,
  sr: COMMA_LANGUAGE_ROWS,
  bs: COMMA_LANGUAGE_ROWS,
  es: COMMA_LANGUAGE_ROWS,
  fr: [
    ...COMMA_LANGUAGE_ROWS,
    [`1${NNBSP}234,56`, 123_456],
    [`1${NNBSP}234${NNBSP}567,89`, 123_456_789],
    ['1 234 567', 123_456_700],
    ['1.234 567', 'grouping'],
  ],
  en: [
    ['1,234.56', 123_456],
    ['1234.56', 123_456],
    ['1234', 123_400],
    ['0.5', 50],
    ['.5', 50],
    ['1,234', 123_400],
    ['1,234,567.8', 123_456_780],
    ['1 234.56', 123_456],
    ['-12.50', -1_250],
    ['1.2.3', 'notANumber'],
    ['12,345,67', 'grouping'],
    ['1,23,4', 'grouping'],
    ['12.34.56', 'notANumber'],
    ['1.23,45', 'grouping'],
    ['1,23', 'grouping'],
    ['0,5', 'grouping'],
    ['0,500', 'grouping'],
    ['-0,500.00', 'grouping'],
    ['1234,56', 'grouping'],
    ['1.234,56', 'grouping'],
    ['12.345', 'decimals'],
    ['12.3456', 'decimals'],
    ['twelve', 'notANumber'],
    ['--5', 'sign'],
    ['', 'empty'],
    ['1,000,000,000,000', 'tooLarge'],
  ],
};

describe.each(LANGUAGES)('parseAmount in %s', (language) => {
  it.each(ROWS[language])('reads %j as %j', (text, expected) => {
    const reading = parseAmount(text, language);
    expect(reading).toEqual(
      typeof expected === 'number'
        ? { ok: true, cents: expected }
        : { ok: false, reason: expected },
    );
  });
});

describe('typed amounts in every language', () => {
  const language = fc.constantFrom(...LANGUAGES);
  const cents = fc.integer({ min: 0, max: 99_999_999_999_999 });

  it('reads back every amount as the language writes it', () => {
    fc.assert(
      fc.property(language, cents, fc.boolean(), (lang, amount, negative) => {
        const value = negative && amount !== 0 ? -amount : amount;
        expect(parseAmount(formatMoney(value, lang), lang)).toEqual({ ok: true, cents: value });
      }),
    );
  });

  it('reads the amount without its thousands separators and with one decimal', () => {
    fc.assert(
      fc.property(language, cents, (lang, amount) => {
        const whole = Math.floor(amount / 100);
        const tenths = Math.floor((amount % 100) / 10);
        const typed = `${whole}${decimalMarkOf(lang)}${tenths}`;
        expect(parseAmount(typed, lang)).toEqual({ ok: true, cents: whole * 100 + tenths * 10 });
      }),
    );
  });

  it('reads the wire spelling the same in every language', () => {
    fc.assert(
      fc.property(language, cents, (lang, amount) => {
        const wire = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
        expect(parseAmount(wire, lang)).toEqual({ ok: true, cents: amount });
      }),
    );
  });

  it('never reads a text with letters, or two signs, as an amount', () => {
    fc.assert(
      fc.property(
        language,
        fc.string(),
        fc.constantFrom('a', 'x', 'EUR', '€', '--', '+-', '%'),
        (lang, text, noise) => {
          expect(parseAmount(`${text}${noise}1`, lang).ok).toBe(false);
        },
      ),
    );
  });
});

describe("a rule's figures", () => {
  it('write their amounts and days the language’s way, and leave the other figures as they are', () => {
    const figures = {
      minimum: '100.01 EUR',
      missing: '1,000,050.01 EUR',
      rate: 25,
      date: '2026-12-01',
      reference: '2026-13-01',
    };
    expect(figuresIn(figures, 'hr')).toEqual({
      minimum: '100,01 EUR',
      missing: '1.000.050,01 EUR',
      rate: 25,
      date: '01.12.2026',
      reference: '2026-13-01',
    });
    expect(figuresIn(figures, 'en')).toEqual({
      ...figures,
      missing: '1,000,050.01 EUR',
      date: '01/12/2026',
    });
    expect(figuresIn({ reference: 'R-1.00 EUR', text: '12.5 EUR' }, 'de')).toEqual({
      reference: 'R-1.00 EUR',
      text: '12.5 EUR',
    });
  });
});

import { writeIsoDay } from '../i18n/day-text.ts';
import { LANGUAGE_LOCALES, type Language } from '../i18n/languages.ts';
import { type Cents, roundHalfAwayFromZero } from './money.rules.ts';

/**
 * Amounts as people read and type them, in each interface language: written by `Intl` in the
 * language's locale (LANGUAGE_LOCALES), read back by the rules below. The browser (lists, panels,
 * the amount inputs) and the server (the printed form, the traveller's mails) use these two, so an
 * amount reads the same wherever it is shown.
 */

/** Why a typed amount was not read. Whether an empty or a negative amount is allowed is the caller's. */
export type AmountRefusal =
  /** Nothing but spaces. */
  | 'empty'
  /** Letters, symbols, a decimal mark twice or in the wrong place: not a number. */
  | 'notANumber'
  /** More than one sign, or a sign that is not in front. */
  | 'sign'
  /** Thousands separators in the wrong places (`1.23,45`, `12,345,67`), or of two kinds. */
  | 'grouping'
  /** More than two decimals. */
  | 'decimals'
  /** More than 12 digits before the decimal mark: beyond what an amount column holds. */
  | 'tooLarge';

export type AmountReading = { ok: true; cents: Cents } | { ok: false; reason: AmountRefusal };

/** Most digits an amount has before its decimal mark (numeric(14,2)). */
const MAX_WHOLE_DIGITS = 12;

/** Spaces a thousands separator may be typed or pasted as: plain, no-break, narrow no-break, thin. */
const SPACES = [' ', '\u00a0', '\u202f', '\u2009'];
const SIGNS = ['-', '+', '\u2212'];

type AmountStyle = {
  numbers: Intl.NumberFormat;
  /** The language's decimal mark. */
  decimal: string;
  /** The marks read as thousands separators, spaces counted as one kind. */
  groups: ReadonlySet<string>;
};

const styles = new Map<Language, AmountStyle>();

function styleOf(language: Language): AmountStyle {
  let style = styles.get(language);
  if (!style) {
    const numbers = new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // Always, not Intl's default: Spanish and Slovenian would otherwise leave 1234,50 ungrouped.
      useGrouping: true,
    });
    const parts = numbers.formatToParts(1234.5);
    const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    const group = parts.find((part) => part.type === 'group')?.value ?? ',';
    // A language with the decimal comma also reads the point as a thousands separator
    // (`1.234,56` in French as in German); every language reads spaces as one.
    const groups = new Set([group, ...SPACES, decimal === ',' ? '.' : ',']);
    groups.delete(decimal);
    style = { numbers, decimal, groups };
    styles.set(language, style);
  }
  return style;
}

/** The decimal mark a language writes amounts with: `,` or `.`. */
export function decimalMarkOf(language: Language): string {
  return styleOf(language).decimal;
}

/**
 * An amount in cents as the language writes it, with two decimals and its thousands separators,
 * then the currency code if one is given: `1.234,50 EUR` (hr, de, sl, sr, bs, es),
 * `1 234,50 EUR` (fr, with the narrow no-break space Intl writes), `1,234.50 EUR` (en).
 */
export function formatMoney(cents: Cents, language: Language, currency = ''): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount: ${cents}`);
  const whole = roundHalfAwayFromZero(cents);
  // Never a negative zero ("-0,00").
  const amount = styleOf(language).numbers.format(whole === 0 ? 0 : whole / 100);
  return currency ? `${amount} ${currency}` : amount;
}

/** An amount as a rule's figures carry it (`money`, `groupedMoney`): `100.01 EUR`, `1,000.00 EUR`. */
const FIGURE_AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2}) ([A-Z]{3})$/;

/**
 * A rule's figures as the language writes them: each amount the language's way (`100.01 EUR` is
 * `100,01 EUR` in Croatian), each day too (`2012-04-15` is 15.04.2012), the other figures as they
 * are. The browser's eligibility messages and the server's refusals both read a rule's figures
 * through here.
 */
export function figuresIn<T extends Record<string, string | number>>(
  figures: T,
  language: Language,
): T {
  const written: Record<string, string | number> = { ...figures };
  for (const [name, value] of Object.entries(figures)) {
    const day = typeof value === 'string' ? writeIsoDay(value, language) : '';
    if (day) {
      written[name] = day;
      continue;
    }
    const amount = typeof value === 'string' ? FIGURE_AMOUNT.exec(value) : null;
    if (!amount) continue;
    const [, whole = '0', fraction = '00', currency = ''] = amount;
    written[name] = formatMoney(
      Number(whole.replaceAll(',', '')) * 100 + Number(fraction),
      language,
      currency,
    );
  }
  return written as T;
}

/** The wire's spelling (`1234.5`, `1234.50`): read the same in every language. */
const WIRE_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

const refuse = (reason: AmountRefusal): AmountReading => ({ ok: false, reason });

function centsOf(sign: 1 | -1, whole: string, fraction: string): AmountReading {
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_DIGITS) return refuse('tooLarge');
  const cents = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return { ok: true, cents: cents === 0 ? 0 : sign * cents };
}

/**
 * Whole units written with thousands separators: the first group of one to three digits, not
 * starting with 0 (`0,500` is no thousands, and reading it as 500 would be off by a thousand), every
 * other of exactly three, one kind of separator throughout (spaces count as one kind). The digits
 * alone, or null when the grouping is wrong.
 */
function ungroup(whole: string, groups: ReadonlySet<string>): string | null {
  const marks = [...whole].filter((char) => groups.has(char));
  if (marks.length === 0) return whole;
  const kind = (mark: string) => (SPACES.includes(mark) ? ' ' : mark);
  if (new Set(marks.map(kind)).size > 1) return null;
  const parts = whole.split(new RegExp(`[${[...groups].map(escapeClass).join('')}]`));
  const [first = '', ...rest] = parts;
  if (!/^[1-9]\d{0,2}$/.test(first) || !rest.every((part) => /^\d{3}$/.test(part))) return null;
  return parts.join('');
}

const escapeClass = (char: string) => (/[\\\]^-]/.test(char) ? `\\${char}` : char);

/**
 * Reads an amount as a clerk types it in their language, in cents:
 * - hr, de, sl, sr, bs, es, fr: `1.234,56`, `1234,56`, `1234`, `0,5`; French also `1 234,56` with
 *   a space or a no-break space;
 * - en: `1,234.56`, `1234.56`;
 * - in every language spaces may separate thousands, a sign may lead (`-`, `+`, `−`), and the
 *   wire's spelling, digits with a point and one or two decimals (`1234.50`), reads as itself:
 *   a point followed by one or two digits cannot be a thousands separator.
 *
 * Anything else is refused with its reason, never read as 0: `1.2.3`, `12,345,67`, `1,23,4`,
 * `12.34.56`, `1.23,45`, `0,500` in English and `0.500` in Croatian, letters, two signs, more than two decimals. A negative amount is read
 * (negative cents); whether it is allowed is the caller's decision.
 */
export function parseAmount(text: string, language: Language): AmountReading {
  let body = text.trim();
  if (body === '') return refuse('empty');
  let sign: 1 | -1 = 1;
  const first = body[0] ?? '';
  if (SIGNS.includes(first)) {
    sign = first === '+' ? 1 : -1;
    body = body.slice(1);
  }
  if ([...body].some((char) => SIGNS.includes(char))) return refuse('sign');

  const wire = WIRE_AMOUNT.exec(body);
  if (wire) return centsOf(sign, wire[1] ?? '', wire[2] ?? '');

  const { decimal, groups } = styleOf(language);
  if ([...body].some((char) => !/\d/.test(char) && char !== decimal && !groups.has(char))) {
    return refuse('notANumber');
  }
  const pieces = body.split(decimal);
  if (pieces.length > 2) return refuse('notANumber');
  const [whole = '', fraction = ''] = pieces;
  if (pieces.length === 2) {
    if (!/^\d+$/.test(fraction)) {
      // A separator after the decimal mark (`1,234.5` in German) is a grouping in the wrong place.
      return /\d/.test(fraction) ? refuse('grouping') : refuse('notANumber');
    }
    if (fraction.length > 2) return refuse('decimals');
    // `,5` is half a unit; a bare mark is nothing.
    if (whole === '') return centsOf(sign, '0', fraction);
  } else if (whole === '') {
    return refuse('notANumber');
  }
  const digits = ungroup(whole, groups);
  if (digits === null) return refuse('grouping');
  return centsOf(sign, digits, fraction);
}

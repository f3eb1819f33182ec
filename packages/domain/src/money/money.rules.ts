/** Money is integer cents in code; the database keeps numeric(14,2). */
export type Cents = number;

/** Rounds half away from zero, the rounding tax authorities use for VAT. */
export function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
}

/**
 * Reads a decimal number as typed: a decimal point, or a decimal comma as typed in hr, de, fr,
 * sl, sr, bs and es; spaces are ignored. NaN when the text is not a number.
 */
export function parseDecimal(text: string): number {
  let compact = text.replace(/\s+/g, '');
  if (!compact.includes('.') && /^-?\d*,\d+$/.test(compact)) compact = compact.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(compact)) return Number.NaN;
  return Number(compact);
}

/** The SPEC's global number helper (SPEC 7): any input as a finite number, 0 otherwise. */
export function number(value: unknown): number {
  const parsed = typeof value === 'string' ? parseDecimal(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : 0;
}

/** VAT of one line: round(net × rate / 100), in cents. */
export function vatOfNet(net: Cents, ratePercent: number): Cents {
  return roundHalfAwayFromZero((net * ratePercent) / 100);
}

/**
 * VAT contained in a gross amount: round(gross × rate / (100 + rate)), in cents, so that
 * net = gross − VAT and gross = net + VAT hold exactly.
 */
export function vatOfGross(gross: Cents, ratePercent: number): Cents {
  return roundHalfAwayFromZero((gross * ratePercent) / (100 + ratePercent));
}

/** '1234.50' → 123450; accepts what numeric(14,2) returns. */
export function toCents(decimal: string | number): Cents {
  const text = typeof decimal === 'number' ? decimal.toFixed(2) : decimal.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** 123450 → '1234.50', for numeric(14,2) and the wire. */
export function fromCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A decimal amount in currency units (as on the wire) to cents, rounding half away from zero at
 * the cent; 0 for anything that is not a finite number (the SPEC's number helper).
 */
export function amountToCents(amount: unknown): Cents {
  const value = number(amount);
  // Through the decimal text, so 1.005 (stored as 1.00499…) still reads as the 1.005 typed.
  return roundHalfAwayFromZero(Number((value * 100).toPrecision(15)));
}

/** Cents to a decimal number in currency units, as the wire carries amounts. */
export function centsToAmount(cents: Cents): number {
  return Number(fromCents(cents));
}

/** Whether a wire amount has at most two decimals. */
export function hasAtMostTwoDecimals(amount: number): boolean {
  if (!Number.isFinite(amount)) return false;
  const scaled = Number((amount * 100).toPrecision(15));
  return Number.isInteger(scaled);
}

/** Money is integer cents in code; the database keeps numeric(14,2). */
export type Cents = number;

/** Rounds half away from zero, the rounding tax authorities use for VAT. */
export function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
}

/** VAT of one line: round(net × rate / 100), in cents. */
export function vatOfNet(net: Cents, ratePercent: number): Cents {
  return roundHalfAwayFromZero((net * ratePercent) / 100);
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

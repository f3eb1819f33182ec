import { type Cents, roundHalfAwayFromZero, vatOfGross, vatOfNet } from './money.rules.ts';

/**
 * Invoice arithmetic in integer cents. VAT is rounded once per line (half away from zero), and
 * everything above a line (per-rate groups, invoice and form totals) is a plain sum of lines, so
 * gross = net + VAT holds on every line and in every total, and the printed breakdown adds up.
 */

/** How amounts are typed at the counter (`vat_setting.purchase_amount_type`, SPEC 3). */
export type PurchaseAmountType = 'NET_AMOUNT' | 'GROSS_AMOUNT';

export type AmountTotals = { net: Cents; vat: Cents; gross: Cents };

/** One line of a breakdown: a rate and its amounts. */
export type BreakdownLine = AmountTotals & { rate: number };

const ZERO: AmountTotals = { net: 0, vat: 0, gross: 0 };

function checkRate(ratePercent: number): number {
  if (!Number.isFinite(ratePercent) || ratePercent < 0) {
    throw new RangeError(`Not a VAT rate: ${ratePercent}`);
  }
  return ratePercent;
}

/** Whole cents of a typed amount; anything that is not a positive finite number counts as 0. */
function positiveCents(amount: Cents): Cents {
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0
    ? roundHalfAwayFromZero(amount)
    : 0;
}

/**
 * A line from its net amount: VAT = round(net × rate / 100), gross = net + VAT. A net that is not
 * a positive finite number resets the line to 0 (SPEC 4).
 */
export function lineFromNet(net: Cents, ratePercent: number): BreakdownLine {
  const rate = checkRate(ratePercent);
  const cents = positiveCents(net);
  const vat = vatOfNet(cents, rate);
  return { rate, net: cents, vat, gross: cents + vat };
}

/**
 * A line from its gross amount (`purchase_amount_type` GROSS_AMOUNT): VAT =
 * round(gross × rate / (100 + rate)), net = gross − VAT. A gross that is not a positive finite
 * number resets the line to 0, as for net amounts.
 */
export function lineFromGross(gross: Cents, ratePercent: number): BreakdownLine {
  const rate = checkRate(ratePercent);
  const cents = positiveCents(gross);
  const vat = vatOfGross(cents, rate);
  return { rate, net: cents - vat, vat, gross: cents };
}

/** A line from the amount as typed, net or gross according to the VAT setting. */
export function lineFromAmount(
  amount: Cents,
  ratePercent: number,
  amountType: PurchaseAmountType,
): BreakdownLine {
  return amountType === 'NET_AMOUNT'
    ? lineFromNet(amount, ratePercent)
    : lineFromGross(amount, ratePercent);
}

/** Sum of lines (net, VAT and gross each summed; no rounding happens here). */
export function sumLines(lines: readonly AmountTotals[]): AmountTotals {
  return lines.reduce(
    (total, line) => ({
      net: total.net + line.net,
      vat: total.vat + line.vat,
      gross: total.gross + line.gross,
    }),
    ZERO,
  );
}

/**
 * The per-rate breakdown of an invoice: the lines grouped by rate and summed, highest rate first
 * (25 %, 13 %, 5 %), as the form prints it.
 */
export function breakdownByRate(lines: readonly BreakdownLine[]): BreakdownLine[] {
  const groups = new Map<number, BreakdownLine[]>();
  for (const line of lines) groups.set(line.rate, [...(groups.get(line.rate) ?? []), line]);
  return [...groups.entries()]
    .map(([rate, group]) => ({ rate, ...sumLines(group) }))
    .sort((a, b) => b.rate - a.rate);
}

/** Totals of one invoice: the sum of its lines. */
export function invoiceTotals(lines: readonly BreakdownLine[]): AmountTotals {
  return sumLines(lines);
}

/** Totals of a form over all its invoices, each given as its lines. */
export function formTotals(invoices: readonly (readonly BreakdownLine[])[]): AmountTotals {
  return sumLines(invoices.map(invoiceTotals));
}

/**
 * Splits a total over parts in proportion to their weights, in whole cents, so that the parts add
 * up to the total exactly (largest remainder; ties go to the earlier part). Used to spread an
 * invoice's refund over its breakdown lines in proportion to their VAT.
 */
export function allocateCents(total: Cents, weights: readonly number[]): Cents[] {
  const safe = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const sum = safe.reduce((a, b) => a + b, 0);
  if (sum === 0 || total <= 0) return safe.map(() => 0);
  const exact = safe.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

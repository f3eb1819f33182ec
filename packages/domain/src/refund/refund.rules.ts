import * as z from 'zod/mini';
import {
  amountToCents,
  type Cents,
  centsToAmount,
  roundHalfAwayFromZero,
} from '../money/money.rules.ts';
import type { RefundCalculationSetting } from '../settings/settings.schema.ts';
import { wireAmount, wireRate } from '../forms/wire-fields.schema.ts';

/**
 * The refund paid back to a traveller, from `refund_calculation_setting` (its contents are not
 * shown in the SPEC; this is our definition):
 *
 * - `source`: the amount the tiers are looked up by, the VAT (`VAT_AMOUNT`) or the gross purchase
 *   amount (`GROSS_AMOUNT`) of the invoice, in cents.
 * - `tiers`: ranges [from, to) of the source amount (to = null: no upper bound). A tier refunds
 *   either a `percentage` OF THE VAT (the share of the VAT paid back to the traveller; the rest is
 *   the operator's fee), or a `fixed` amount in cents, or the VAT less a fixed `fee` in cents. Any
 *   is capped at the VAT: a refund never exceeds the VAT paid.
 * - `minimum_fee`: the least the operator keeps of an invoice's VAT, in cents; the refund is
 *   lowered to leave it (never below 0).
 * - No tiers at all: the full VAT is refunded (a seller refunding directly, as is common in Serbia
 *   and Bosnia and Herzegovina; DOMAIN.md "Operators' fees").
 * - A source amount that no tier covers (a gap, typically below the first tier) refunds 0: the
 *   table is the operator's scheme, and a gap means the purchase is below the scheme's minimum
 *   (e.g. Croatia's €100 per invoice). An operator who wants a refund there adds a tier for it.
 * - Overlapping tiers: the first matching tier in table order wins (`refundTierProblems` reports
 *   overlaps so the settings command can refuse them).
 *
 * The refund is computed only when the gross amount is above 0 (SPEC 4); otherwise it is 0.
 */

export type RefundTier = RefundCalculationSetting['tiers'][number];

export type RefundAmounts = {
  /** What the traveller is paid back, in cents: 0 ≤ refund ≤ VAT. */
  refund: Cents;
  /** What the operator keeps: VAT − refund, in cents. */
  fee: Cents;
};

/**
 * What the operator keeps of the VAT: the VAT less the refund to the traveller, in cents; never
 * below 0 (a refund typed by hand above the VAT leaves the operator nothing, not a debt).
 */
export function operatorFee(vatCents: Cents, refundCents: Cents): Cents {
  return Math.max(0, vatCents - refundCents);
}

const nonNegative = (cents: Cents) =>
  Number.isFinite(cents) && cents > 0 ? roundHalfAwayFromZero(cents) : 0;

/** The tier whose [from, to) contains the amount; null in a gap of the table. */
export function findRefundTier(
  tiers: readonly RefundTier[],
  sourceCents: Cents,
): RefundTier | null {
  return (
    tiers.find((tier) => sourceCents >= tier.from && (tier.to === null || sourceCents < tier.to)) ??
    null
  );
}

export function computeRefund(
  amounts: { vatCents: Cents; grossCents: Cents },
  setting: RefundCalculationSetting,
): RefundAmounts {
  const vat = nonNegative(amounts.vatCents);
  const gross = nonNegative(amounts.grossCents);
  if (gross === 0) return { refund: 0, fee: vat };
  let refund: Cents;
  if (setting.tiers.length === 0) {
    refund = vat;
  } else {
    const tier = findRefundTier(setting.tiers, setting.source === 'GROSS_AMOUNT' ? gross : vat);
    if (tier === null) refund = 0;
    else if (tier.percentage !== undefined) {
      refund = roundHalfAwayFromZero((vat * tier.percentage) / 100);
    } else if (tier.fee !== undefined) {
      refund = vat - tier.fee;
    } else refund = tier.fixed ?? 0;
  }
  refund = Math.min(Math.max(refund, 0), vat - Math.min(setting.minimum_fee ?? 0, vat));
  return { refund, fee: operatorFee(vat, refund) };
}

/**
 * What is wrong with a tier table, as readable sentences for the operator's command line (empty
 * when nothing is): tiers with to ≤ from, and overlapping tiers.
 */
export function refundTierProblems(tiers: readonly RefundTier[]): string[] {
  const problems: string[] = [];
  tiers.forEach((tier, index) => {
    if (tier.to !== null && tier.to <= tier.from) {
      problems.push(`Tier ${index + 1} ends (${tier.to}) before it starts (${tier.from}).`);
    }
  });
  const end = (tier: RefundTier) => tier.to ?? Number.POSITIVE_INFINITY;
  const isEmpty = (tier: RefundTier) => end(tier) <= tier.from;
  tiers.forEach((a, i) => {
    tiers.slice(i + 1).forEach((b, offset) => {
      if (!isEmpty(a) && !isEmpty(b) && a.from < end(b) && b.from < end(a)) {
        problems.push(`Tiers ${i + 1} and ${i + offset + 2} overlap.`);
      }
    });
  });
  return problems;
}

/**
 * `POST …/taxforms/computeRefund` (SPEC 7): the amounts of one invoice (or of the whole form) in
 * currency units, as the client sends them. `rate` and `form_type` are accepted as the original
 * client sent them; the refund does not depend on them.
 */
export const computeRefundRequestSchema = z.object({
  grossAmt: wireAmount(),
  vatAmt: wireAmount(),
  rate: z.optional(wireRate('vatRateRequired')),
  form_type: z.optional(z.string().check(z.maxLength(50, 'textTooLong'))),
});
export type ComputeRefundRequest = z.infer<typeof computeRefundRequestSchema>;

/** The answer's `data`: amounts in currency units with two decimals. */
export const computeRefundAnswerSchema = z.object({
  /** What the traveller is paid back (the invoice's customer_refund and refund_amount). */
  refund_amount: z.number(),
  /** What the operator keeps (VAT − refund). */
  operator_fee: z.number(),
});
export type ComputeRefundAnswer = z.infer<typeof computeRefundAnswerSchema>;

/** The computeRefund call end to end, in currency units: what the route and the browser run. */
export function answerComputeRefund(
  request: ComputeRefundRequest,
  setting: RefundCalculationSetting,
): ComputeRefundAnswer {
  const { refund, fee } = computeRefund(
    { vatCents: amountToCents(request.vatAmt), grossCents: amountToCents(request.grossAmt) },
    setting,
  );
  return { refund_amount: centsToAmount(refund), operator_fee: centsToAmount(fee) };
}

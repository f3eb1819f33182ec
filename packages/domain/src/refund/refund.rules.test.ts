import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  answerComputeRefund,
  computeRefund,
  computeRefundRequestSchema,
  findRefundTier,
  operatorFee,
  refundTierProblems,
} from './refund.rules.ts';
import {
  parseSetting,
  refundCalculationSettingSchema,
  type RefundCalculationSetting,
} from '../settings/settings.schema.ts';

const setting = (value: unknown): RefundCalculationSetting =>
  parseSetting(refundCalculationSettingSchema, value);

/** A sliding scale by gross amount, as large retailers' operators use (DOMAIN.md). */
const sliding = setting({
  source: 'GROSS_AMOUNT',
  tiers: [
    { from: 10_000, to: 50_000, percentage: 60 },
    { from: 50_000, to: 200_000, percentage: 70 },
    { from: 200_000, to: null, percentage: 80 },
  ],
});

describe('computeRefund', () => {
  it('refunds the full VAT when there are no tiers (a seller refunding directly)', () => {
    expect(computeRefund({ vatCents: 2_500, grossCents: 12_500 }, setting({}))).toEqual({
      refund: 2_500,
      fee: 0,
    });
  });

  it('refunds a share of the VAT, found by the gross amount', () => {
    // 125.00 gross, 25.00 VAT, 60 % of the VAT
    expect(computeRefund({ vatCents: 2_500, grossCents: 12_500 }, sliding)).toEqual({
      refund: 1_500,
      fee: 1_000,
    });
    // exactly on a boundary: [from, to) puts 500.00 in the second tier
    expect(computeRefund({ vatCents: 10_000, grossCents: 50_000 }, sliding).refund).toBe(7_000);
    expect(computeRefund({ vatCents: 100_000, grossCents: 500_000 }, sliding).refund).toBe(80_000);
  });

  it('rounds the share half away from zero', () => {
    // 33 % of 0.05 = 0.0165 → 0.02
    const third = setting({ tiers: [{ from: 0, to: null, percentage: 33 }] });
    expect(computeRefund({ vatCents: 5, grossCents: 25 }, third).refund).toBe(2);
  });

  it('refunds nothing below the scheme minimum (a gap in the table)', () => {
    expect(computeRefund({ vatCents: 1_800, grossCents: 9_000 }, sliding)).toEqual({
      refund: 0,
      fee: 1_800,
    });
  });

  it('looks tiers up by the VAT when the source is the VAT amount', () => {
    const byVat = setting({
      source: 'VAT_AMOUNT',
      tiers: [
        { from: 0, to: 2_000, fixed: 500 },
        { from: 2_000, to: null, percentage: 90 },
      ],
    });
    expect(computeRefund({ vatCents: 1_000, grossCents: 5_000 }, byVat)).toEqual({
      refund: 500,
      fee: 500,
    });
    expect(computeRefund({ vatCents: 2_000, grossCents: 10_000 }, byVat).refund).toBe(1_800);
  });

  it('caps a fixed refund at the VAT', () => {
    const fixed = setting({ tiers: [{ from: 0, to: null, fixed: 10_000 }] });
    expect(computeRefund({ vatCents: 2_500, grossCents: 12_500 }, fixed)).toEqual({
      refund: 2_500,
      fee: 0,
    });
  });

  it('keeps a fixed fee, as small retailers’ operators do, and never refunds below 0', () => {
    const fixedFee = setting({ tiers: [{ from: 0, to: null, fee: 500 }] });
    expect(computeRefund({ vatCents: 2_500, grossCents: 12_500 }, fixedFee)).toEqual({
      refund: 2_000,
      fee: 500,
    });
    expect(computeRefund({ vatCents: 300, grossCents: 1_500 }, fixedFee)).toEqual({
      refund: 0,
      fee: 300,
    });
  });

  it('keeps at least the minimum fee, whatever the percentage leaves', () => {
    const withMinimum = setting({
      tiers: [{ from: 0, to: null, percentage: 90 }],
      minimum_fee: 400,
    });
    // 90 % of 25.00 leaves 2.50, below the 4.00 minimum: the refund is 21.00.
    expect(computeRefund({ vatCents: 2_500, grossCents: 12_500 }, withMinimum)).toEqual({
      refund: 2_100,
      fee: 400,
    });
    // 90 % of 100.00 leaves 10.00, above it.
    expect(computeRefund({ vatCents: 10_000, grossCents: 50_000 }, withMinimum)).toEqual({
      refund: 9_000,
      fee: 1_000,
    });
  });

  it('takes exactly one of a percentage, a fixed refund or a fixed fee per tier', () => {
    const parse = (tier: object) => refundCalculationSettingSchema.safeParse({ tiers: [tier] });
    expect(parse({ from: 0, to: null, fee: 100 }).success).toBe(true);
    expect(parse({ from: 0, to: null, fee: 100, percentage: 50 }).success).toBe(false);
    expect(parse({ from: 0, to: null }).success).toBe(false);
  });

  it('refunds nothing unless the gross amount is above 0', () => {
    for (const gross of [0, -100, Number.NaN]) {
      expect(computeRefund({ vatCents: 2_500, grossCents: gross }, setting({})).refund).toBe(0);
    }
  });

  it('never refunds less than 0 or more than the VAT, and the fee is the rest', () => {
    const tier = fc.record({
      from: fc.integer({ min: 0, max: 1e7 }),
      to: fc.option(fc.integer({ min: 1, max: 1e8 }), { nil: null }),
      amount: fc.oneof(
        fc.record({ percentage: fc.double({ min: 0, max: 100, noNaN: true }) }),
        fc.record({ fixed: fc.integer({ min: 0, max: 1e8 }) }),
      ),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e9 }),
        fc.integer({ min: -1e6, max: 1e9 }),
        fc.constantFrom('VAT_AMOUNT', 'GROSS_AMOUNT'),
        fc.array(tier, { maxLength: 5 }),
        (vatCents, grossCents, source, tiers) => {
          const result = computeRefund(
            { vatCents, grossCents },
            setting({
              source,
              tiers: tiers.map(({ amount, ...range }) => ({ ...range, ...amount })),
            }),
          );
          const vat = Math.max(vatCents, 0);
          expect(result.refund).toBeGreaterThanOrEqual(0);
          expect(result.refund).toBeLessThanOrEqual(vat);
          expect(Number.isInteger(result.refund)).toBe(true);
          expect(result.refund + result.fee).toBe(vat);
        },
      ),
    );
  });
});

describe('operatorFee', () => {
  it('is what the refund leaves of the VAT', () => {
    expect(operatorFee(2_500, 1_500)).toBe(1_000);
    expect(operatorFee(2_500, 2_500)).toBe(0);
    expect(operatorFee(2_500, 0)).toBe(2_500);
  });

  it('is never negative, even for a refund typed by hand above the VAT', () => {
    expect(operatorFee(2_500, 2_501)).toBe(0);
    expect(operatorFee(0, 100)).toBe(0);
  });
});

describe('refund tiers', () => {
  it('finds the tier whose [from, to) holds the amount', () => {
    expect(findRefundTier(sliding.tiers, 9_999)).toBeNull();
    expect(findRefundTier(sliding.tiers, 10_000)?.percentage).toBe(60);
    expect(findRefundTier(sliding.tiers, 49_999)?.percentage).toBe(60);
    expect(findRefundTier(sliding.tiers, 1e12)?.percentage).toBe(80);
  });

  it('reports overlapping and reversed tiers', () => {
    expect(refundTierProblems(sliding.tiers)).toEqual([]);
    expect(
      refundTierProblems([
        { from: 0, to: 5_000, fixed: 100 },
        { from: 4_000, to: null, percentage: 50 },
        { from: 9_000, to: 8_000, percentage: 50 },
      ]),
    ).toEqual(['Tier 3 ends (8000) before it starts (9000).', 'Tiers 1 and 2 overlap.']);
  });
});

describe('the computeRefund call', () => {
  it('reads decimal amounts and answers in currency units', () => {
    const request = computeRefundRequestSchema.parse({ grossAmt: 125, vatAmt: '25.00', rate: 25 });
    expect(answerComputeRefund(request, sliding)).toEqual({ refund_amount: 15, operator_fee: 10 });
  });

  it('refuses negative amounts and amounts with more than two decimals', () => {
    const result = computeRefundRequestSchema.safeParse({ grossAmt: -1, vatAmt: 1.234 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['grossAmt', 'amountNegative'],
      ['vatAmt', 'amountInvalid'],
    ]);
  });
});

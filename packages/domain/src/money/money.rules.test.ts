import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, roundHalfAwayFromZero, toCents, vatOfNet } from './money.rules.ts';

describe('money', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
  });

  it('computes VAT per line to the cent', () => {
    expect(vatOfNet(10_000, 25)).toBe(2_500);
    expect(vatOfNet(1_050, 13)).toBe(137); // 136.5 → 137
    expect(vatOfNet(10, 5)).toBe(1); // 0.5 → 1
  });

  it('round-trips cents through the decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });

  it('never drifts more than half a cent from the exact VAT', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.constantFrom(5, 9.5, 10, 13, 17, 20, 22, 25),
        (net, rate) => {
          expect(Math.abs(vatOfNet(net, rate) - (net * rate) / 100)).toBeLessThanOrEqual(
            0.5 + 1e-6,
          );
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountToCents,
  centsToAmount,
  fromCents,
  hasAtMostTwoDecimals,
  number,
  roundHalfAwayFromZero,
  toCents,
  vatOfGross,
  vatOfNet,
} from './money.rules.ts';

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

  it('takes the VAT out of a gross amount', () => {
    expect(vatOfGross(12_500, 25)).toBe(2_500);
    expect(vatOfGross(10_000, 13)).toBe(1_150);
    expect(vatOfGross(0, 25)).toBe(0);
  });
});

describe('the number helper', () => {
  it('returns 0 for anything that is not a finite number', () => {
    for (const bad of [
      Number.NaN,
      Infinity,
      -Infinity,
      '',
      'abc',
      '12abc',
      null,
      undefined,
      {},
      [],
    ]) {
      expect(number(bad)).toBe(0);
    }
  });

  it('reads numbers and numeric text, with a decimal point or a decimal comma', () => {
    expect(number(12.5)).toBe(12.5);
    expect(number(' 12.50 ')).toBe(12.5);
    expect(number('12,50')).toBe(12.5);
    expect(number('-3')).toBe(-3);
    expect(number('.5')).toBe(0.5);
  });
});

describe('wire amounts', () => {
  it('converts decimal currency units to cents and back', () => {
    expect(amountToCents(1234.5)).toBe(123_450);
    expect(amountToCents(1.005)).toBe(101);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents('19,99')).toBe(1_999);
    expect(amountToCents(Number.NaN)).toBe(0);
    expect(centsToAmount(123_450)).toBe(1234.5);
  });

  it('round-trips every amount with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(amountToCents(centsToAmount(cents))).toBe(cents);
        expect(hasAtMostTwoDecimals(centsToAmount(cents))).toBe(true);
      }),
    );
  });

  it('tells amounts with more than two decimals apart', () => {
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(12)).toBe(true);
  });
});

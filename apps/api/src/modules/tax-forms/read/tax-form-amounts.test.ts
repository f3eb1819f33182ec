import { describe, expect, it } from 'vitest';
import { fromCents } from '@taxfree/domain';
import { toAmount } from './tax-forms.repository.ts';

describe('toAmount', () => {
  it('reads numeric text as exactly the amount its cents make', () => {
    const cents = [0, 1, 5, 10, 99, 100, 101, 12_345, 999_999, 123_456_789, 99_999_999_999_999];
    for (let value = 0; value < 200_000; value += 7) cents.push(value);
    for (const value of cents) {
      expect(toAmount(fromCents(value))).toBe(value / 100);
      if (value > 0) expect(toAmount(fromCents(-value))).toBe(-value / 100);
    }
    expect(toAmount('12.5')).toBe(12.5);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', ' ', 'abc', '1.2.3', 'NaN', 'Infinity']) {
      expect(() => toAmount(text)).toThrow(RangeError);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CARD_TYPES, type CardType, checkCardNumber, isValidCardNumber } from './card.rules.ts';

/** Published test numbers of every accepted type. */
const TEST_NUMBERS: [CardType, string][] = [
  ['visa', '4111111111111111'],
  ['visa', '4012888888881881'],
  ['mastercard', '5555555555554444'],
  ['mastercard', '2221000000000009'],
  ['amex', '378282246310005'],
  ['amex', '371449635398431'],
  ['discover', '6011111111111117'],
  ['dinersclub', '30569309025904'],
  ['dinersclub', '38520000023237'],
  ['jcb', '3530111333300000'],
  ['jcb', '3566002020360505'],
  ['unionpay', '6200000000000005'],
  ['maestro', '6759649826438453'],
  ['maestro', '6799990100000000019'],
  ['dankort', '5019717010103742'],
];

describe('card numbers', () => {
  it.each(TEST_NUMBERS)('recognises a valid %s number (%s)', (type, number) => {
    expect(checkCardNumber(number)).toEqual({ type, isValid: true, isPotentiallyValid: true });
  });

  it('accepts every supported type, and only those', () => {
    expect(new Set(TEST_NUMBERS.map(([type]) => type))).toEqual(new Set(CARD_TYPES));
  });

  it('ignores spaces and dashes', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('3782-822463-10005')).toBe(true);
    expect(isValidCardNumber(' 5019 7170 1010 3742 ')).toBe(true);
  });

  it('refuses a wrong check digit', () => {
    expect(checkCardNumber('4111111111111112')).toMatchObject({ type: 'visa', isValid: false });
    expect(checkCardNumber('5555555555554445')).toEqual({
      type: 'mastercard',
      isValid: false,
      isPotentiallyValid: false,
    });
    expect(isValidCardNumber('5019717010103743')).toBe(false);
    expect(isValidCardNumber('378282246310006')).toBe(false);
  });

  it('refuses a length the type does not have', () => {
    expect(isValidCardNumber('41111111111111111')).toBe(false);
    expect(isValidCardNumber('37828224631000')).toBe(false);
  });

  it('does not require Luhn of UnionPay numbers, as some are issued without it', () => {
    expect(checkCardNumber('6212345678901234')).toMatchObject({ type: 'unionpay', isValid: true });
  });

  it('tells while typing whether a number can still become valid', () => {
    expect(checkCardNumber('4111 1111')).toEqual({
      type: 'visa',
      isValid: false,
      isPotentiallyValid: true,
    });
    // '5' could still be Mastercard, Maestro or Dankort
    expect(checkCardNumber('5')).toMatchObject({ type: null, isPotentiallyValid: true });
  });

  it('refuses garbage and brands the counter does not take', () => {
    for (const bad of ['', 'abcd', '1234567812345678', '4111-1111-1111-111x']) {
      expect(isValidCardNumber(bad)).toBe(false);
    }
    // Mir (2200…) is a real brand, but not one of SPEC 5's
    expect(checkCardNumber('2200000000000004')).toEqual({
      type: null,
      isValid: false,
      isPotentiallyValid: false,
    });
  });
});

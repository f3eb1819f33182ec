import { describe, expect, it } from 'vitest';
import {
  formatIban,
  isValidBicCode,
  isValidIbanNumber,
  normaliseBic,
  normaliseIban,
} from './bank.rules.ts';

describe('IBAN', () => {
  it.each([
    'HR1210010051863000160',
    'SI56263300012039086',
    'RS35260005601001611379',
    'BA391290079401028494',
    'DE89370400440532013000',
    'GB29NWBK60161331926819',
    'ES9121000418450200051332',
    'FR1420041010050500013M02606',
  ])('accepts %s', (iban) => {
    expect(isValidIbanNumber(iban)).toBe(true);
  });

  it('accepts spaces, dashes and lower case as typed', () => {
    expect(isValidIbanNumber('hr12 1001 0051 8630 0016 0')).toBe(true);
    expect(isValidIbanNumber('DE89-3704-0044-0532-0130-00')).toBe(true);
    expect(normaliseIban(' hr12 1001 0051 8630 0016 0 ')).toBe('HR1210010051863000160');
  });

  it('refuses a wrong check digit, a wrong length or an unknown country', () => {
    expect(isValidIbanNumber('HR1310010051863000160')).toBe(false);
    expect(isValidIbanNumber('HR121001005186300016')).toBe(false);
    expect(isValidIbanNumber('DE8937040044053201300')).toBe(false);
    expect(isValidIbanNumber('XX1210010051863000160')).toBe(false);
    expect(isValidIbanNumber('')).toBe(false);
    expect(isValidIbanNumber('not an iban')).toBe(false);
  });

  it('prints in groups of four', () => {
    expect(formatIban('HR1210010051863000160')).toBe('HR12 1001 0051 8630 0016 0');
  });
});

describe('BIC / SWIFT', () => {
  it('accepts 8- and 11-character codes of a known country', () => {
    expect(isValidBicCode('PBZGHR2X')).toBe(true);
    expect(isValidBicCode('ZABAHR2XXXX')).toBe(true);
    expect(isValidBicCode('deut de ff')).toBe(true);
    expect(normaliseBic('deut de ff')).toBe('DEUTDEFF');
  });

  it('refuses other lengths, digits in the bank code and unknown countries', () => {
    expect(isValidBicCode('PBZGHR2')).toBe(false);
    expect(isValidBicCode('PBZGHR2XX')).toBe(false);
    expect(isValidBicCode('PB1GHR2X')).toBe(false);
    expect(isValidBicCode('PBZGQQ2X')).toBe(false);
    expect(isValidBicCode('')).toBe(false);
  });
});

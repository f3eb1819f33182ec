import { describe, expect, it } from 'vitest';
import {
  normaliseFormNumber,
  normaliseVerificationCode,
  publicStatusLink,
  VERIFICATION_CODE_ALPHABET,
} from './public-status.schema.ts';

describe('normaliseVerificationCode', () => {
  it('reads a code as Crockford base32 does: any case, O for 0, I and L for 1', () => {
    expect(normaliseVerificationCode('7kq2xm')).toBe('7KQ2XM');
    expect(normaliseVerificationCode('AOBIC2')).toBe('A0B1C2');
    expect(normaliseVerificationCode('a0blc2')).toBe('A0B1C2');
  });

  it('drops the spaces and dashes a code is copied or read out with', () => {
    expect(normaliseVerificationCode(' 7KQ-2XM ')).toBe('7KQ2XM');
    expect(normaliseVerificationCode('7 K Q\t2 X M')).toBe('7KQ2XM');
  });

  it('leaves every character of the alphabet as it is', () => {
    expect(normaliseVerificationCode(VERIFICATION_CODE_ALPHABET)).toBe(VERIFICATION_CODE_ALPHABET);
  });
});

describe('normaliseFormNumber', () => {
  it('drops spaces and dashes from a form number', () => {
    expect(normaliseFormNumber('0000 1000-0000 058')).toBe('000010000000058');
  });
});

describe('publicStatusLink', () => {
  it("opens the status page with the form's number and code", () => {
    expect(publicStatusLink('https://portal.example/', '000010000000058', '7KQ2XM')).toBe(
      'https://portal.example/#/status?barcode=000010000000058&code=7KQ2XM',
    );
  });

  it('is the page alone without a form', () => {
    expect(publicStatusLink('https://portal.example')).toBe('https://portal.example/#/status');
  });
});

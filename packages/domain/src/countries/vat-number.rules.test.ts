import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES, SUPPORTED_COUNTRIES } from './country-table.ts';
import { checkVatNumber, isValidVatNumber } from './vat-number.rules.ts';

const accepted = (country: string, text: string) => {
  const check = checkVatNumber(country, text);
  return check.isValid ? check.value : null;
};
const refusal = (country: string, text: string) => {
  const check = checkVatNumber(country, text);
  return check.isValid ? null : check.message;
};

describe('VAT numbers', () => {
  it('names a checker for every country the portal serves', () => {
    for (const country of SUPPORTED_COUNTRIES) {
      const rule = COUNTRY_RULES[country].vatNumber;
      expect(rule.scheme.startsWith(`${country}.`)).toBe(true);
    }
  });

  it('in Croatia: an OIB of 11 digits with its MOD 11,10 check, kept with HR in front', () => {
    expect(accepted('HR', '69435151530')).toBe('HR69435151530');
    expect(accepted('HR', '04191082869')).toBe('HR04191082869');
    // As clerks type it: the prefix in any case, spaces, dots and dashes.
    expect(accepted('hr', ' hr 694-351.515 30 ')).toBe('HR69435151530');
    expect(accepted('HR', 'HR67855853023')).toBe('HR67855853023');
    expect(refusal('HR', '69435151531')).toBe('vatNumberInvalidOib');
    expect(refusal('HR', '6943515153')).toBe('vatNumberInvalidOib');
    expect(refusal('HR', 'SI69435151530')).toBe('vatNumberInvalidOib');
    expect(refusal('HR', '6943515153O')).toBe('vatNumberInvalidOib');
  });

  it('in Slovenia: 8 digits with the weights 8…2 check, kept with SI in front', () => {
    expect(accepted('SI', '50223054')).toBe('SI50223054');
    expect(accepted('SI', 'SI 2742 7323')).toBe('SI27427323');
    expect(accepted('SI', '58347887')).toBe('SI58347887');
    expect(refusal('SI', '50223055')).toBe('vatNumberInvalidSi');
    expect(refusal('SI', '5022305')).toBe('vatNumberInvalidSi');
    // A remainder of 10 gives the check digit 0 …
    expect(accepted('SI', '10000020')).toBe('SI10000020');
    // … one of 11 is no number at all, though its check digit would read 1.
    expect(refusal('SI', '10000071')).toBe('vatNumberInvalidSi');
    expect(refusal('SI', '54049971')).toBe('vatNumberInvalidSi');
  });

  it('in Serbia: a PIB of 9 digits with its MOD 11,10 check, kept as the digits', () => {
    expect(accepted('RS', '101134702')).toBe('101134702');
    expect(accepted('RS', 'RS 104-708-953')).toBe('104708953');
    expect(accepted('RS', '901543661')).toBe('901543661');
    expect(refusal('RS', '101134703')).toBe('vatNumberInvalidPib');
    expect(refusal('RS', '10113470')).toBe('vatNumberInvalidPib');
  });

  it('in Bosnia and Herzegovina: 12 digits, or the JIB with its leading 4, by their format alone', () => {
    expect(accepted('BA', '200123450009')).toBe('200123450009');
    expect(accepted('BA', '20 0123 450 009')).toBe('200123450009');
    expect(accepted('BA', '4200123450009')).toBe('200123450009');
    expect(accepted('BA', 'BA200123450009')).toBe('200123450009');
    expect(refusal('BA', '20012345000')).toBe('vatNumberInvalidBa');
    expect(refusal('BA', '1200123450009')).toBe('vatNumberInvalidBa');
    expect(refusal('BA', '2001234500AB')).toBe('vatNumberInvalidBa');
  });

  it('elsewhere: any text up to 30 characters, its spaces tidied', () => {
    expect(accepted('AT', '  ATU 1234 5678 ')).toBe('ATU 1234 5678');
    expect(refusal('AT', 'x'.repeat(31))).toBe('textTooLong');
  });

  it('is required everywhere', () => {
    expect(refusal('HR', '  ')).toBe('vatNumberRequired');
    expect(refusal('AT', '')).toBe('vatNumberRequired');
    expect(isValidVatNumber('HR', null)).toBe(false);
    expect(isValidVatNumber('HR', 'HR69435151530')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { legalIdentityGapMessage, legalIdentityGaps } from './legal-identity.rules.ts';
import { shopInputSchema, shopInputSchemaFor } from './shop.schema.ts';

const complete = {
  legal_name: 'Jadran Moda d.o.o.',
  legal_address: 'Ilica 12, 10000 Zagreb',
  vat_number: 'HR69435151530',
};

const messages = (schema: $ZodType, input: unknown) => {
  const result = safeParse(schema, input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe("the company's legal identity on the shop information", () => {
  it('takes the three parts tidied, and the VAT number by the rule of the country', () => {
    const parsed = shopInputSchemaFor('HR').parse({
      branch_name: 'Ilica',
      legal_name: '  Jadran   Moda\nd.o.o. ',
      legal_address: 'Ilica 12,\n10000 Zagreb',
      vat_number: 'hr 694 351 515 30',
    });
    expect(parsed).toMatchObject({
      legal_name: 'Jadran Moda d.o.o.',
      legal_address: 'Ilica 12, 10000 Zagreb',
      vat_number: 'HR69435151530',
    });
  });

  it('leaves absent parts as they are stored, and refuses to empty one', () => {
    const parsed = shopInputSchemaFor('RS').parse({ branch_name: 'Knez', legal_name: null });
    expect(parsed.legal_name).toBeUndefined();
    expect(parsed.legal_address).toBeUndefined();
    expect(parsed.vat_number).toBeUndefined();
    expect(
      messages(shopInputSchemaFor('HR'), {
        branch_name: 'Ilica',
        legal_name: ' ',
        legal_address: '',
        vat_number: '',
      }),
    ).toEqual({
      legal_name: 'legalNameRequired',
      legal_address: 'legalAddressRequired',
      vat_number: 'vatNumberRequired',
    });
    expect(messages(shopInputSchema, { branch_name: 'A', legal_name: 'x'.repeat(201) })).toEqual({
      legal_name: 'textTooLong',
    });
  });

  it("says which country's number the VAT number is not", () => {
    const vat = (country: string, vat_number: string) =>
      messages(shopInputSchemaFor(country), { branch_name: 'A', vat_number }).vat_number;
    expect(vat('HR', '69435151531')).toBe('vatNumberInvalidOib');
    expect(vat('SI', '50223055')).toBe('vatNumberInvalidSi');
    expect(vat('RS', '101134703')).toBe('vatNumberInvalidPib');
    expect(vat('BA', '2001234500')).toBe('vatNumberInvalidBa');
    expect(vat('AT', 'ATU12345678')).toBeUndefined();
    // The server checks the country's rule itself: the schema alone only carries the text.
    expect(messages(shopInputSchema, { branch_name: 'A', vat_number: '1' })).toEqual({});
  });
});

describe('whether a company may issue forms', () => {
  it('when its legal name, address and valid VAT number are all there', () => {
    expect(legalIdentityGaps('HR', complete)).toEqual([]);
    expect(legalIdentityGaps('RS', { ...complete, vat_number: '101134702' })).toEqual([]);
  });

  it('names each missing part, and a VAT number its country does not accept', () => {
    const gaps = legalIdentityGaps('HR', {
      legal_name: 'Jadran Moda d.o.o.',
      legal_address: '  ',
      vat_number: null,
    });
    expect(gaps).toEqual([
      { field: 'legal_address', problem: 'missing' },
      { field: 'vat_number', problem: 'missing' },
    ]);
    expect(gaps.map(legalIdentityGapMessage)).toEqual(['legalAddressMissing', 'vatNumberMissing']);
    const invalid = legalIdentityGaps('SI', { ...complete, vat_number: 'HR69435151530' });
    expect(invalid).toEqual([{ field: 'vat_number', problem: 'invalid' }]);
    expect(legalIdentityGapMessage(invalid[0]!)).toBe('vatNumberNotValid');
    expect(
      legalIdentityGaps('HR', { legal_name: null, legal_address: null, vat_number: null }),
    ).toHaveLength(3);
  });
});

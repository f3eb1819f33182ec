import * as z from 'zod/mini';
import { checkVatNumber, isValidVatNumber } from '../countries/vat-number.rules.ts';
import { oneLineText } from '../content/plain-text.rules.ts';

/**
 * The company's legal identity, printed as the seller on every form (DOMAIN.md, "What the form
 * must carry, and the shop's identity"): its registered name, address and VAT number. A company
 * without all three, or whose VAT number fails its country's check, issues no form.
 */

export const LEGAL_NAME_MAX_LENGTH = 200;
export const LEGAL_ADDRESS_MAX_LENGTH = 300;

/** The wire names, as `GET …/retailers/{branchId}` answers them and `PUT` takes them. */
export const LEGAL_IDENTITY_FIELDS = ['legal_name', 'legal_address', 'vat_number'] as const;
export type LegalIdentityField = (typeof LEGAL_IDENTITY_FIELDS)[number];
export type LegalIdentity = Record<LegalIdentityField, string | null>;

/** Line breaks and runs of spaces become one space: the form prints each on one line. */
export const tidyText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A legal name or address as `PUT` takes it: absent (or null) leaves the stored one as it is;
 * given, it must not be empty, as a legal identity is corrected, never removed. Its line breaks
 * become spaces; a control character left after that has no place on the printed form.
 */
const legalText = (maxLength: number, required: string) =>
  z
    .pipe(
      z.nullish(z.string()),
      z.transform((value: string | null | undefined) =>
        value == null ? undefined : tidyText(value),
      ),
    )
    .check(
      z.refine((value: string | undefined) => value !== '', required),
      z.refine(
        (value: string | undefined) => value === undefined || value.length <= maxLength,
        'textTooLong',
      ),
      oneLineText,
    );

export const legalNameSchema = legalText(LEGAL_NAME_MAX_LENGTH, 'legalNameRequired');
export const legalAddressSchema = legalText(LEGAL_ADDRESS_MAX_LENGTH, 'legalAddressRequired');

/**
 * The VAT number as `PUT` takes it, checked and normalised by the rule of the company's country
 * (checkVatNumber); absent (or null), the stored one stays.
 */
export function vatNumberSchema(country: string) {
  return z.pipe(
    z.nullish(z.string()),
    z.transform((value: string | null | undefined, context) => {
      if (value == null) return undefined;
      const check = checkVatNumber(country, value);
      if (check.isValid) return check.value;
      context.issues.push({ code: 'custom', message: check.message, input: value });
      return z.NEVER;
    }),
  );
}

export type LegalIdentityGap = { field: LegalIdentityField; problem: 'missing' | 'invalid' };

/**
 * What keeps a company from issuing forms: each part of its legal identity that is missing, and a
 * VAT number that fails its country's check. Empty when it may issue.
 */
export function legalIdentityGaps(country: string, identity: LegalIdentity): LegalIdentityGap[] {
  const gaps: LegalIdentityGap[] = [];
  for (const field of LEGAL_IDENTITY_FIELDS) {
    const value = identity[field];
    if (value == null || tidyText(value) === '') gaps.push({ field, problem: 'missing' });
    else if (field === 'vat_number' && !isValidVatNumber(country, value)) {
      gaps.push({ field, problem: 'invalid' });
    }
  }
  return gaps;
}

const MISSING_MESSAGES: Readonly<Record<LegalIdentityField, string>> = {
  legal_name: 'legalNameMissing',
  legal_address: 'legalAddressMissing',
  vat_number: 'vatNumberMissing',
};

/** The `validation` message of a gap, for the server's refusal to issue. */
export function legalIdentityGapMessage(gap: LegalIdentityGap): string {
  return gap.problem === 'invalid' ? 'vatNumberNotValid' : MISSING_MESSAGES[gap.field];
}

import { isEligibleResidence } from '../countries/country-rules.ts';
import type { PayloadIssue, TaxFormPayload } from './tax-form-payload.schema.ts';
import type { CountryCheckContext, CountryIssue } from './country-issue.ts';

/** The traveller's countries and identity document, checked against the country's rules. */

/**
 * The document's issuing country and the traveller's residence, each an id of the countries
 * table: an id the table lacks names no country, and no residence rule could judge it.
 */
export function unknownCountryIssues(
  payload: TaxFormPayload,
  isoOf: CountryCheckContext['isoOf'],
): PayloadIssue[] {
  const t = payload.taxform;
  return (['issued_govt', 'residence_country'] as const).flatMap((field): PayloadIssue[] => {
    const id = t[field];
    return id !== null && isoOf(id) === null
      ? [{ path: ['taxform', field], message: 'countryUnknown' }]
      : [];
  });
}

export function residenceIssues(
  payload: TaxFormPayload,
  context: CountryCheckContext,
): CountryIssue[] {
  const t = payload.taxform;
  const isoOf = (id: number | null) => (id === null ? null : context.isoOf(id));
  const issuing = isoOf(t.issued_govt);
  const residence = isoOf(t.residence_country ?? t.issued_govt);
  const field = t.residence_country === null ? 'issued_govt' : 'residence_country';
  if (residence !== null && !isEligibleResidence(context.rules, residence)) {
    return [{ rule: 'residence', path: ['taxform', field], message: 'residenceNotEligible' }];
  }
  const issuedInExcludedArea = issuing !== null && !isEligibleResidence(context.rules, issuing);
  if (issuedInExcludedArea && t.residence_proof.trim() === '') {
    return [
      {
        rule: 'residence',
        path: ['taxform', 'residence_proof'],
        message: 'residenceProofRequired',
      },
    ];
  }
  return [];
}

export function documentIssues(
  payload: TaxFormPayload,
  context: CountryCheckContext,
): CountryIssue[] {
  const t = payload.taxform;
  const issues: CountryIssue[] = [];
  if (t.passport_expiry !== null && t.passport_expiry < context.today) {
    issues.push({
      rule: 'document',
      path: ['taxform', 'passport_expiry'],
      message: 'documentExpired',
      params: { date: t.passport_expiry },
    });
  }
  if (t.traveler_dob !== null && t.traveler_dob > context.today) {
    issues.push({ rule: 'document', path: ['taxform', 'traveler_dob'], message: 'birthInFuture' });
  }
  return issues;
}

import type { Declaration } from '../countries/country-rules.ts';
import { findCountryRules } from '../countries/country-table.ts';

/**
 * What the printed form says for the country the retailer is registered in (DOMAIN.md, "Per
 * country"): the official form's name, and which declaration the traveller signs — leaving the
 * EU, or leaving Serbia or Bosnia and Herzegovina, which set their own rules. Countries not served
 * print the general tax-free form with the EU declaration.
 */
export type CountryForm = { formCode: string | null; declaration: Declaration };

/** The form of a retailer's country, by ISO 3166-1 alpha-2 code. */
export function countryForm(countryCode: string): CountryForm {
  const rules = findCountryRules(countryCode);
  return rules
    ? { formCode: rules.formCode, declaration: rules.declaration }
    : { formCode: null, declaration: 'eu' };
}

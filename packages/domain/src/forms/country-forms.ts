/**
 * What the printed form says for the country the retailer is registered in (DOMAIN.md, "Per
 * country"): the official form's name, and which declaration the traveller signs — leaving the
 * EU, or leaving Serbia or Bosnia and Herzegovina, which set their own rules. Countries not listed
 * print the general tax-free form with the EU declaration.
 */
export type Declaration = 'eu' | 'serbia' | 'bosnia';

export type CountryForm = { formCode: string | null; declaration: Declaration };

const COUNTRY_FORMS: Readonly<Record<string, CountryForm>> = {
  HR: { formCode: 'PDV-P', declaration: 'eu' },
  SI: { formCode: 'DDV-VP', declaration: 'eu' },
  RS: { formCode: 'ZPPPDV', declaration: 'serbia' },
  BA: { formCode: 'PDV-SL-2', declaration: 'bosnia' },
};

/** The form of a retailer's country, by ISO 3166-1 alpha-2 code. */
export function countryForm(countryCode: string): CountryForm {
  return COUNTRY_FORMS[countryCode.toUpperCase()] ?? { formCode: null, declaration: 'eu' };
}

import type { CountryRules } from '../countries/country-rules.ts';
import { type Cents, fromCents } from '../money/money.rules.ts';
import type { RefundCalculationSetting } from '../settings/settings.schema.ts';
import type { PayloadIssue } from './tax-form-payload.schema.ts';

/**
 * What every check of a form against its country's rules shares (country-checks.rules.ts): the
 * rules an issue names, the context the checks read, and how their messages print amounts.
 */

/** The lines of the eligibility summary, in the order the clerk reads them. */
export const ELIGIBILITY_RULES = [
  'minimum',
  'residence',
  'document',
  'exportWindow',
  'rates',
  'goods',
  'amounts',
] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];

export type CountryIssue = PayloadIssue & { rule: EligibilityRule };

export type CountryCheckContext = {
  rules: CountryRules;
  /** Today in the shop's time zone, yyyy-mm-dd. */
  today: string;
  productsMode: boolean;
  refund: RefundCalculationSetting;
  /** A country id of the countries table as ISO 3166-1 alpha-2; null when unknown. */
  isoOf: (countryId: number) => string | null;
};

/** An amount in cents as the messages print it, with its currency: "100.01 EUR". */
export const money = (cents: Cents, currency: string) => `${fromCents(cents)} ${currency}`;

/** An amount in cents as the app shows money (SPEC 9): "1,000,000.00 EUR". */
export function groupedMoney(cents: Cents, currency: string) {
  const [whole = '0', fraction = '00'] = fromCents(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction} ${currency}`;
}

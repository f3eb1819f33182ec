import type { ComputedForm } from './tax-form-amounts.rules.ts';
import type { TaxFormPayload } from './tax-form-payload.schema.ts';
import {
  ELIGIBILITY_RULES,
  type CountryCheckContext,
  type CountryIssue,
  type EligibilityRule,
} from './country-issue.ts';
import { dateIssues } from './export-window.rules.ts';
import { goodsIssues, rateIssues } from './goods-and-rates.rules.ts';
import { isTypedByHand, manualAmountIssues } from './manual-amounts.rules.ts';
import { ceilingIssues, minimumIssues } from './purchase-limits.rules.ts';
import { documentIssues, residenceIssues } from './traveller-checks.rules.ts';

/**
 * What customs asks of a form, by the rules of the shop's country (country-rules.ts): the one
 * function the server decides with and the issue panel's eligibility summary shows. Each issue
 * names the rule it breaks and carries the figures its message names.
 */

export {
  ELIGIBILITY_RULES,
  type CountryCheckContext,
  type CountryIssue,
  type EligibilityRule,
} from './country-issue.ts';
export { formExportDeadline } from './export-window.rules.ts';
export { excludedGoodsOf } from './goods-and-rates.rules.ts';
export { isTypedByHand } from './manual-amounts.rules.ts';
export { ABOVE_CEILING_MESSAGE, ceilingIssues } from './purchase-limits.rules.ts';
export { unknownCountryIssues } from './traveller-checks.rules.ts';

/** Every rule of the shop's country the form breaks; empty when customs would accept it. */
export function countryRuleIssues(
  payload: TaxFormPayload,
  computed: ComputedForm,
  context: CountryCheckContext,
): CountryIssue[] {
  const { purchaseCeiling, currency } = context.rules;
  return [
    ...minimumIssues(payload, computed, context),
    ...ceilingIssues(computed, {
      ceiling: purchaseCeiling,
      currency,
      productsMode: context.productsMode,
    }),
    ...residenceIssues(payload, context),
    ...documentIssues(payload, context),
    ...dateIssues(payload, context),
    ...rateIssues(payload, context),
    ...goodsIssues(payload, context),
    ...manualAmountIssues(payload, context),
  ];
}

export type EligibilityLine = { rule: EligibilityRule; issues: CountryIssue[] };

/**
 * The issue panel's summary: each rule with what breaks it (none: met). The minimum's line carries
 * the amount still missing in its issues' params. The amounts' line shows for amounts typed by
 * hand, and for any form above its ceiling.
 */
export function eligibilitySummary(
  payload: TaxFormPayload,
  computed: ComputedForm,
  context: CountryCheckContext,
): EligibilityLine[] {
  const issues = countryRuleIssues(payload, computed, context);
  const showsAmounts =
    isTypedByHand(payload, context.productsMode) ||
    issues.some((issue) => issue.rule === 'amounts');
  return ELIGIBILITY_RULES.filter((rule) => rule !== 'amounts' || showsAmounts).map((rule) => ({
    rule,
    issues: issues.filter((issue) => issue.rule === rule),
  }));
}

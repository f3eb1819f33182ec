import { amountToCents } from '../money/money.rules.ts';
import type { EligibilityLine, EligibilityRule } from './country-checks.rules.ts';
import type { TaxFormPayload } from './tax-form-payload.schema.ts';

/**
 * How the issue panel's eligibility summary shows a line: not checked yet (the form does not say
 * enough for the rule to be judged), met, or not met. A rule judged on defaults alone (the
 * issuing country a new form starts with, a purchase of nothing) says nothing true, so its line
 * waits for what the clerk enters.
 */
export type EligibilityState = 'unchecked' | 'met' | 'notMet';

export type JudgedEligibilityLine = EligibilityLine & {
  /** Whether the form says enough for the rule to be judged. */
  isJudged: boolean;
};

/** Whether any amount has been entered: an invoice's gross, a line's, or a product's net. */
function hasPurchase(payload: TaxFormPayload, productsMode: boolean): boolean {
  if (productsMode) return payload.products.some((row) => amountToCents(row.net_amount) > 0);
  return payload.invoice.some(
    (entry) =>
      amountToCents(entry.gross_sales_price) > 0 ||
      entry.breakdown.some((line) => amountToCents(line.gross_sales_price) > 0),
  );
}

/**
 * Whether the form says what `rule` reads. The traveller's residence is judged once the traveller
 * is (a passport number, or a country of residence); the document once its expiry date is known
 * or a date it carries is wrong; the purchase's rules once an amount is entered (the goods also
 * once they are described, the export window also once a date entered closes it).
 */
function isJudged(line: EligibilityLine, payload: TaxFormPayload, productsMode: boolean): boolean {
  const t = payload.taxform;
  const purchase = hasPurchase(payload, productsMode);
  const rule: EligibilityRule = line.rule;
  switch (rule) {
    case 'residence':
      return t.passport.trim() !== '' || t.residence_country !== null;
    case 'document':
      return t.passport_expiry !== null || line.issues.length > 0;
    case 'exportWindow':
      return purchase || line.issues.length > 0;
    case 'goods':
      return purchase || (!productsMode && t.items.trim() !== '');
    case 'minimum':
    case 'rates':
    case 'amounts':
      return purchase;
  }
}

/** The summary's lines, each marked judged or not by what the form already says. */
export function judgeEligibilityLines(
  lines: readonly EligibilityLine[],
  payload: TaxFormPayload,
  options: { productsMode: boolean },
): JudgedEligibilityLine[] {
  return lines.map((line) => ({
    ...line,
    isJudged: isJudged(line, payload, options.productsMode),
  }));
}

/**
 * How a line shows. Once issuing was attempted, a rule that holds the form back shows as not met
 * even before the clerk entered what it reads: the clerk must see why nothing was sent.
 */
export function eligibilityState(
  line: JudgedEligibilityLine,
  options: { isAttempted: boolean },
): EligibilityState {
  const isBroken = line.issues.length > 0;
  if (line.isJudged) return isBroken ? 'notMet' : 'met';
  return isBroken && options.isAttempted ? 'notMet' : 'unchecked';
}

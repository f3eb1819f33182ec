import { STORABLE_AMOUNT_CEILING } from '../countries/country-rules.ts';
import { findCountryRules } from '../countries/country-table.ts';
import type { CountryCode } from '../contact/contact.rules.ts';
import { countryRuleIssues } from '../forms/country-checks.rules.ts';
import type { CountryCheckContext } from '../forms/country-issue.ts';
import { formExportDeadline } from '../forms/export-window.rules.ts';
import type { IssueFormSettings } from '../forms/issue-form.rules.ts';
import { isTypedByHand } from '../forms/manual-amounts.rules.ts';
import { ABOVE_CEILING_MESSAGE, ceilingIssues } from '../forms/purchase-limits.rules.ts';
import {
  amountMismatches,
  computeFormAmounts,
  manualFormAmounts,
  type ComputedForm,
} from '../forms/tax-form-amounts.rules.ts';
import type { PayloadIssue } from '../forms/tax-form-payload-shape.schema.ts';
import { checkIssueForm, type TaxFormPayload } from '../forms/tax-form-payload.schema.ts';
import { unknownCountryIssues } from '../forms/traveller-checks.rules.ts';
import type { Language } from '../i18n/languages.ts';
import type { RefundCalculationSetting } from '../settings/settings.schema.ts';
import { legalIdentityGapMessage, legalIdentityGaps } from '../shop/legal-identity.rules.ts';
import { defaultTravellerLanguage } from '../traveller/traveller-language.ts';
import { allow, refuse, type Decision } from './decision.ts';

/** The settings a form is issued under (SPEC 5): what it asks for, its rates, its refund table. */
export type FormSettings = IssueFormSettings & { refund: RefundCalculationSetting };

/** What a form is judged against: the issuing company, its settings, its day and the countries. */
export type IssueContext = {
  company: {
    country: string;
    currency: string;
    legalName: string | null;
    address: string | null;
    vatNumber: string | null;
  };
  settings: FormSettings;
  /** The shop's today (yyyy-mm-dd, in its time zone). */
  today: string;
  /** The ISO code of a countries-table id; null for an id the table lacks. */
  isoOf: CountryCheckContext['isoOf'];
};

/** The form to write: the payload normalised, its amounts, its deadline and mail language. */
export type FormToWrite = {
  payload: TaxFormPayload;
  computed: ComputedForm;
  /** The last day the goods may leave; null where no country's rules apply. */
  exportDeadline: string | null;
  travellerLanguage: Language | null;
  today: string;
};

/**
 * Whether a form may be issued, and what is written if it may. The rules run in this order, and
 * the first that refuses answers:
 *
 * 1. the seller's legal identity: a company missing its legal name, address or a valid VAT number
 *    issues nothing (DOMAIN.md: every form carries them);
 * 2. the payload against the company's settings and across its fields (SPEC 5), normalised;
 * 3. the amounts: typed by hand (no_auto_calculation) they are kept as sent, else recomputed, and
 *    sent amounts more than a cent away from the lines are refused (AMOUNTS_DISAGREE);
 * 4. the countries named exist, and the country's rules (minimum, ceiling, residence, document,
 *    export window, rates, goods, manual amounts) hold; a form above its ceiling is said so first;
 *    with no country's rules, what the columns can store is the ceiling;
 * 5. then the export deadline and the traveller's mail language, which never refuse.
 */
export function decideIssue(sent: TaxFormPayload, context: IssueContext): Decision<FormToWrite> {
  const { company, settings, today, isoOf } = context;
  const gaps = legalIdentityGaps(company.country, {
    legal_name: company.legalName,
    legal_address: company.address,
    vat_number: company.vatNumber,
  });
  if (gaps.length > 0) {
    return refuse('VALIDATION_FAILED', {
      issues: gaps.map((gap) => ({
        path: ['company', gap.field],
        message: legalIdentityGapMessage(gap),
      })),
    });
  }
  const check = checkIssueForm(sent, settings, {
    today: () => today,
    phoneCountry: company.country as CountryCode,
  });
  if (!check.success) return refuse('VALIDATION_FAILED', { issues: check.issues });

  const productsMode = settings.taxFree.products_in_tfs_form === 1;
  const payload = {
    ...check.data,
    taxform: {
      ...check.data.taxform,
      no_auto_calculation: isTypedByHand(check.data, productsMode) ? 1 : 0,
    },
  } satisfies TaxFormPayload;
  const amounts = formAmounts(payload, settings);
  if (!amounts.ok) return amounts;
  const computed = amounts.value;

  const rules = findCountryRules(company.country);
  const issues = [
    ...unknownCountryIssues(payload, isoOf),
    ...(rules === null
      ? ceilingIssues(computed, {
          ceiling: STORABLE_AMOUNT_CEILING,
          currency: company.currency,
          productsMode,
        })
      : countryRuleIssues(payload, computed, {
          rules,
          today,
          productsMode,
          refund: settings.refund,
          isoOf,
        })),
  ];
  if (issues.length > 0) return refusedForm(issues);

  const t = payload.taxform;
  const iso = (id: number | null) => (id === null ? null : isoOf(id));
  return allow({
    payload,
    computed,
    exportDeadline:
      rules === null ? null : formExportDeadline(rules, payload, { productsMode, today }),
    travellerLanguage:
      t.traveller_language ?? defaultTravellerLanguage(iso(t.nationality), iso(t.issued_govt)),
    today,
  });
}

/** The amounts as typed by hand, else as computed from lines that agree with them to the cent. */
function formAmounts(payload: TaxFormPayload, settings: FormSettings): Decision<ComputedForm> {
  const amountSettings = {
    purchaseAmountType: settings.vat.purchase_amount_type,
    refund: settings.refund,
    productsMode: settings.taxFree.products_in_tfs_form === 1,
  };
  if (isTypedByHand(payload, amountSettings.productsMode)) return allow(manualFormAmounts(payload));
  if (!amountSettings.productsMode) {
    const mismatches = amountMismatches(payload.invoice, amountSettings);
    if (mismatches.length > 0) {
      return refuse('AMOUNTS_DISAGREE', {
        issues: mismatches.map((m) => ({ path: m.path.split('.'), message: 'amountMismatch' })),
      });
    }
  }
  return allow(computeFormAmounts(payload, amountSettings));
}

/**
 * A form the rules refuse: each field with its message, and a form above its ceiling said so
 * first, with the ceiling, since no field alone is wrong and the clerk must split the purchase.
 */
function refusedForm(issues: readonly PayloadIssue[]): Decision<never> {
  const aboveCeiling = issues.find((issue) => issue.message === ABOVE_CEILING_MESSAGE);
  if (!aboveCeiling) return refuse('VALIDATION_FAILED', { issues });
  return refuse('FORM_ABOVE_CEILING', {
    issues,
    ...(aboveCeiling.params && { params: aboveCeiling.params }),
  });
}

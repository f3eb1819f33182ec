import {
  ABOVE_CEILING_MESSAGE,
  amountMismatches,
  ceilingIssues,
  checkIssueForm,
  computeFormAmounts,
  countryRuleIssues,
  dayIn,
  defaultTravellerLanguage,
  findCountryRules,
  formExportDeadline,
  isTypedByHand,
  legalIdentityGapMessage,
  legalIdentityGaps,
  type PayloadIssue,
  manualFormAmounts,
  STORABLE_AMOUNT_CEILING,
  unknownCountryIssues,
  type ComputedForm,
  type TaxFormPayload,
} from '@taxfree/domain';
import type { CountryCode } from 'libphonenumber-js';
import type { Tx } from '../../../db/client.ts';
import type { Company, CompanyProfile } from '../../../db/repositories/companies.repository.ts';
import { countryIso2ById } from '../../../db/repositories/countries.repository.ts';
import type { CompanySettings } from '../../../db/repositories/settings.repository.ts';
import { AppError } from '../../../lib/app-error.ts';

/**
 * Every form carries the seller's legal name, address and VAT number (DOMAIN.md): a company
 * missing one, or whose VAT number fails its country's check, issues and updates no form. Each
 * refusal names the missing part and where the shop fills it in.
 */
function checkLegalIdentity(company: Company) {
  const gaps = legalIdentityGaps(company.country, {
    legal_name: company.legalName,
    legal_address: company.address,
    vat_number: company.vatNumber,
  });
  if (gaps.length > 0) {
    throw validationFailed(
      gaps.map((gap) => ({ path: ['company', gap.field], message: legalIdentityGapMessage(gap) })),
    );
  }
}

/**
 * The payload checked against the company's settings (SPEC 5) and its country's rules
 * (country-rules.ts), normalised, and its amounts as the server computes them. Amounts that
 * disagree with the lines by more than a cent are refused, unless the clerk typed them by hand
 * (no_auto_calculation): those are kept as sent, within the bounds the country checks set. A
 * form of products has its amounts computed whatever the box says, and is not marked manual.
 */
export async function checkedForm(tx: Tx, profile: CompanyProfile, sent: TaxFormPayload) {
  const { company, settings } = profile;
  checkLegalIdentity(company);
  const isoById = await countryIso2ById(tx);
  const today = dayIn(company.timeZone);
  const check = checkIssueForm(sent, settings, {
    today: () => today,
    phoneCountry: company.country as CountryCode,
  });
  if (!check.success) throw validationFailed(check.issues);
  const productsMode = settings.taxFree.products_in_tfs_form === 1;
  const payload = {
    ...check.data,
    taxform: {
      ...check.data.taxform,
      no_auto_calculation: isTypedByHand(check.data, productsMode) ? 1 : 0,
    },
  } satisfies TaxFormPayload;
  const isoOf = (id: number) => isoById.get(id) ?? null;
  const computed = formAmounts(payload, settings);
  const travellerLanguage = travellerLanguageOf(payload, isoById);
  const rules = findCountryRules(company.country);
  const issues = [
    ...unknownCountryIssues(payload, isoOf),
    ...(rules === null
      ? // No country's ceiling to apply: what the columns store is the bound.
        ceilingIssues(computed, {
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
  if (issues.length > 0) throw refusedForm(issues);
  const exportDeadline =
    rules === null ? null : formExportDeadline(rules, payload, { productsMode, today });
  return { payload, computed, exportDeadline, travellerLanguage, today };
}

/** The language the clerk chose for the traveller's e-mails, else the nationality's. */
function travellerLanguageOf(payload: TaxFormPayload, isoById: Map<number, string>) {
  const t = payload.taxform;
  const iso = (id: number | null) => (id === null ? null : (isoById.get(id) ?? null));
  return t.traveller_language ?? defaultTravellerLanguage(iso(t.nationality), iso(t.issued_govt));
}

const fieldErrors = (issues: readonly PayloadIssue[]) =>
  issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
    ...(issue.params && { params: issue.params }),
  }));

/** A 400 naming each field a rule refused, with the rule's message and figures. */
export const validationFailed = (issues: readonly PayloadIssue[]) =>
  new AppError('VALIDATION_FAILED', { errors: fieldErrors(issues) });

/**
 * A form the rules refuse: each field with its message, and a form above its ceiling said so
 * first, with the ceiling, since no field alone is wrong and the clerk must split the purchase.
 */
function refusedForm(issues: readonly PayloadIssue[]) {
  const aboveCeiling = issues.find((issue) => issue.message === ABOVE_CEILING_MESSAGE);
  if (!aboveCeiling) return validationFailed(issues);
  return new AppError('FORM_ABOVE_CEILING', {
    ...(aboveCeiling.params && { params: aboveCeiling.params }),
    errors: fieldErrors(issues),
  });
}

function formAmounts(payload: TaxFormPayload, settings: CompanySettings): ComputedForm {
  const amountSettings = {
    purchaseAmountType: settings.vat.purchase_amount_type,
    refund: settings.refund,
    productsMode: settings.taxFree.products_in_tfs_form === 1,
  };
  if (isTypedByHand(payload, amountSettings.productsMode)) return manualFormAmounts(payload);
  if (!amountSettings.productsMode) {
    const mismatches = amountMismatches(payload.invoice, amountSettings);
    if (mismatches.length > 0) {
      throw new AppError('AMOUNTS_DISAGREE', {
        errors: mismatches.map((m) => ({ field: m.path, message: 'amountMismatch' })),
      });
    }
  }
  return computeFormAmounts(payload, amountSettings);
}

import {
  ABOVE_CEILING_MESSAGE,
  amountMismatches,
  canCancel,
  canEdit,
  ceilingIssues,
  centsToAmount,
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
  keepStoredIfMasked,
  manualFormAmounts,
  STORABLE_AMOUNT_CEILING,
  unknownCountryIssues,
  type CancelPayload,
  type ComputedForm,
  type TaxFormPayload,
} from '@taxfree/domain';
import type { CountryCode } from 'libphonenumber-js';
import type { Tx } from '../../../db/client.ts';
import type { Company, CompanyProfile } from '../../../db/repositories/companies.repository.ts';
import { countryIso2ById } from '../../../db/repositories/countries.repository.ts';
import type { CompanySettings } from '../../../db/repositories/settings.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { decrypt } from '../../../lib/secret-key.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import {
  findTaxFormForUpdate,
  formColumns,
  insertCancellation,
  insertIssuedForm,
  nextBarcode,
  replaceTaxForm,
  upsertTraveller,
} from './tax-form-write.repository.ts';

/**
 * Issuing, updating and cancelling a form: one function per action, each the whole job in order
 * (load, check, compute, write, audit) in the caller's transaction, all of it or nothing.
 */

/**
 * The company with its settings, as the server keeps them for a few seconds
 * (plugins/recent-reads.ts), read through the caller's transaction when they are not kept.
 */
export type CompanyProfiles = (companyId: number, tx: Tx) => Promise<CompanyProfile>;

type WriteOptions = {
  tenant: Tenant;
  userId: number;
  companyProfile: CompanyProfiles;
  /** The body as its schema parsed it: shapes checked, settings not yet. */
  payload: TaxFormPayload;
  secretKey: Buffer;
};

export type SavedTaxForm = { id: number; barcode: string };

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
async function checkedForm(tx: Tx, profile: CompanyProfile, sent: TaxFormPayload) {
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

const amountsForAudit = (computed: ComputedForm, payload: TaxFormPayload) => ({
  gross: centsToAmount(computed.gross),
  refund: centsToAmount(computed.refund),
  ...(payload.taxform.no_auto_calculation === 1 && { manualAmounts: true }),
});

/**
 * Issues a new form at its first stage, with a new barcode: the barcode's serial, then the
 * form with everything it carries in one statement (tax-form-write.repository.ts).
 */
export async function issueTaxForm(tx: Tx, options: WriteOptions): Promise<SavedTaxForm> {
  const { tenant, userId } = options;
  const profile = await options.companyProfile(tenant.companyId, tx);
  const { payload, computed, exportDeadline, travellerLanguage, today } = await checkedForm(
    tx,
    profile,
    options.payload,
  );
  const barcode = await nextBarcode(tx, tenant.companyId);
  const id = await insertIssuedForm(tx, {
    tenant,
    userId,
    barcode,
    payload,
    computed,
    columns: formColumns(payload, computed, options.secretKey, {
      barcode,
      exportDeadline,
      travellerLanguage,
      today,
    }),
    audit: { action: 'form.issue', details: { barcode, ...amountsForAudit(computed, payload) } },
  });
  return { id, barcode };
}

/**
 * Replaces a form's contents while it may still be edited. The panel shows the stored card and
 * IBAN masked: sent back unchanged, they keep the stored ones.
 */
export async function updateTaxForm(
  tx: Tx,
  options: WriteOptions & { formId: number },
): Promise<SavedTaxForm> {
  const { tenant, userId, formId, secretKey } = options;
  const profile = await options.companyProfile(tenant.companyId, tx);
  const current = await findTaxFormForUpdate(tx, tenant, formId);
  if (!current) throw new AppError('NOT_FOUND');
  const { company } = profile;
  const state = {
    stage: current.status,
    cancelled: current.cancelled,
    exportDeadline: current.exportDeadline,
  };
  if (!canEdit(state, dayIn(company.timeZone))) throw new AppError('FORM_NOT_EDITABLE');
  const stored = (encrypted: string | null) => () =>
    encrypted ? decrypt(secretKey, encrypted) : null;
  const sent = options.payload.taxform;
  const { payload, computed, exportDeadline, travellerLanguage, today } = await checkedForm(
    tx,
    profile,
    {
      ...options.payload,
      taxform: {
        ...sent,
        acc_details: keepStoredIfMasked(sent.acc_details, stored(current.accDetailsEnc)),
        iban: keepStoredIfMasked(sent.iban, stored(current.ibanEnc)),
      },
    },
  );
  const travellerId = await upsertTraveller(tx, tenant.companyId, payload.taxform);
  await replaceTaxForm(tx, {
    tenant,
    formId,
    travellerId,
    columns: formColumns(payload, computed, secretKey, {
      barcode: current.barcode,
      exportDeadline,
      travellerLanguage,
      today,
    }),
    payload,
    computed,
  });
  await recordAudit(tx, {
    companyId: tenant.companyId,
    userId,
    action: 'form.update',
    entity: 'tax_form',
    entityId: String(formId),
    details: { barcode: current.barcode, ...amountsForAudit(computed, payload) },
  });
  return { id: formId, barcode: current.barcode };
}

/** Cancels a form that customs has not validated yet, with the clerk's reason. */
export async function cancelTaxForm(
  tx: Tx,
  options: { tenant: Tenant; userId: number; formId: number; reasons: CancelPayload },
): Promise<void> {
  const { tenant, userId, formId, reasons } = options;
  const form = await findTaxFormForUpdate(tx, tenant, formId);
  if (!form) throw new AppError('NOT_FOUND');
  if (!canCancel({ stage: form.status, cancelled: form.cancelled })) {
    throw new AppError('FORM_NOT_CANCELLABLE');
  }
  await insertCancellation(tx, {
    tenant,
    userId,
    formId,
    reason: reasons.cancel_reason,
    comments: reasons.cancel_comments || null,
  });
  await recordAudit(tx, {
    companyId: tenant.companyId,
    userId,
    action: 'form.cancel',
    entity: 'tax_form',
    entityId: String(formId),
    details: { barcode: form.barcode, reason: reasons.cancel_reason },
  });
}

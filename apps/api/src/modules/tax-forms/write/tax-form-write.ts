import {
  canCancel,
  canEdit,
  centsToAmount,
  dayIn,
  keepStoredIfMasked,
  type CancelPayload,
  type ComputedForm,
  type TaxFormPayload,
} from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import type { CompanyProfile } from '../../../db/repositories/companies.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { decrypt } from '../../../lib/secret-key.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { checkedForm } from './tax-form-checks.ts';
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

export { validationFailed } from './tax-form-checks.ts';

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

import { decideUpdate, receiptKeys, type Language } from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { queueFormEvent } from '../../../db/repositories/webhook-outbox.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { refusalError } from '../../../lib/refusal-error.ts';
import { decrypt } from '../../../lib/secret-key.ts';
import { changedFormError } from './changed-form-error.ts';
import { assertReceiptsFree, claimReceipts } from './receipt-claims.repository.ts';
import { formColumns } from './tax-form-columns.ts';
import {
  findTaxFormForUpdate,
  replaceTaxForm,
  upsertTraveller,
} from './tax-form-write.repository.ts';
import {
  amountsForAudit,
  loadIssueContext,
  type FormWriteOptions,
  type SavedTaxForm,
} from './write-context.ts';

/**
 * Replaces a form's contents, in the caller's transaction: load the form (locked) and what it is
 * judged against, decide (decideUpdate: the version the clerk opened, still editable, then the
 * rules of issuing), then write it under its barcode with its audit entry. A refusal writes
 * nothing; a stale version's names who changed the form and when.
 */
export async function updateTaxForm(
  tx: Tx,
  options: FormWriteOptions & {
    formId: number;
    /** The version of If-Match; null: the call does not ask. */
    expectedVersion: number | null;
    /** The clerk's language, for who changed a stale form and when. */
    language: Language;
  },
): Promise<SavedTaxForm> {
  const { tenant, userId, formId, secretKey } = options;
  const context = await loadIssueContext(tx, options.companyProfile, tenant.companyId);
  const current = await findTaxFormForUpdate(tx, tenant, formId);
  if (!current) throw new AppError('NOT_FOUND');
  const stored = (encrypted: string | null) => () =>
    encrypted ? decrypt(secretKey, encrypted) : null;
  const decision = decideUpdate(
    {
      version: current.version,
      stage: current.status,
      cancelled: current.cancelled,
      exportDeadline: current.exportDeadline,
      storedCardNumber: stored(current.accDetailsEnc),
      storedIban: stored(current.ibanEnc),
    },
    options.payload,
    { ...context, expectedVersion: options.expectedVersion },
  );
  if (!decision.ok) {
    if (decision.refusal.code !== 'FORM_CHANGED') throw refusalError(decision.refusal);
    throw await changedFormError(tx, {
      tenant,
      formId,
      language: options.language,
      timeZone: context.timeZone,
    });
  }
  const form = decision.value;
  const receipts = receiptKeys(form.payload.invoice);
  await assertReceiptsFree(tx, tenant.companyId, receipts, formId);
  const travellerId = await upsertTraveller(tx, tenant.companyId, form.payload.taxform);
  await replaceTaxForm(tx, {
    tenant,
    formId,
    travellerId,
    columns: formColumns(form, current.barcode, secretKey),
    form,
  });
  await claimReceipts(tx, tenant.companyId, formId, receipts);
  await recordAudit(tx, {
    companyId: tenant.companyId,
    userId,
    action: 'form.update',
    entity: 'tax_form',
    entityId: String(formId),
    details: { barcode: current.barcode, ...amountsForAudit(form) },
  });
  await queueFormEvent(tx, { companyId: tenant.companyId, formId, type: 'taxform.updated' });
  return { id: formId, barcode: current.barcode };
}

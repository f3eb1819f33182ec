import { decideCancel, type CancelPayload } from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { queueFormEvent } from '../../../db/repositories/webhook-outbox.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { decided } from '../../../lib/refusal-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { freeReceipts } from './receipt-claims.repository.ts';
import { findTaxFormForUpdate, insertCancellation } from './tax-form-write.repository.ts';

/**
 * Cancels a form with the clerk's reason, in the caller's transaction: load the form (locked),
 * decide (decideCancel: customs has not validated it), then write the cancellation and its audit
 * entry, and let go of its receipts. A refusal writes nothing.
 */
export async function cancelTaxForm(
  tx: Tx,
  options: { tenant: Tenant; userId: number; formId: number; reasons: CancelPayload },
): Promise<void> {
  const { tenant, userId, formId } = options;
  const form = await findTaxFormForUpdate(tx, tenant, formId);
  if (!form) throw new AppError('NOT_FOUND');
  const cancellation = decided(
    decideCancel({ stage: form.status, cancelled: form.cancelled }, options.reasons),
  );
  await insertCancellation(tx, { tenant, userId, formId, ...cancellation });
  // Its receipts may stand on another form now.
  await freeReceipts(tx, tenant.companyId, formId);
  await recordAudit(tx, {
    companyId: tenant.companyId,
    userId,
    action: 'form.cancel',
    entity: 'tax_form',
    entityId: String(formId),
    details: { barcode: form.barcode, reason: cancellation.reason },
  });
  await queueFormEvent(tx, { companyId: tenant.companyId, formId, type: 'taxform.cancelled' });
}

import { decideIssue, receiptKeys } from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { queueFormEvent } from '../../../db/repositories/webhook-outbox.repository.ts';
import { decided } from '../../../lib/refusal-error.ts';
import { assertReceiptsFree, claimReceipts } from './receipt-claims.repository.ts';
import { formColumns } from './tax-form-columns.ts';
import { insertIssuedForm, nextBarcode } from './tax-form-write.repository.ts';
import {
  amountsForAudit,
  loadIssueContext,
  type FormWriteOptions,
  type SavedTaxForm,
} from './write-context.ts';

/**
 * Issues a new form, in the caller's transaction: load what it is judged against, decide
 * (decideIssue: every rule, in its order), then write it at its first stage with a new barcode
 * and its audit entry, in one statement, holding its receipts (one receipt, one form). A refusal
 * writes nothing.
 */
export async function issueTaxForm(tx: Tx, options: FormWriteOptions): Promise<SavedTaxForm> {
  const { tenant, userId, secretKey } = options;
  const context = await loadIssueContext(tx, options.companyProfile, tenant.companyId);
  const form = decided(decideIssue(options.payload, context));
  const receipts = receiptKeys(form.payload.invoice);
  await assertReceiptsFree(tx, tenant.companyId, receipts, null);
  const barcode = await nextBarcode(tx, tenant.companyId);
  const id = await insertIssuedForm(tx, {
    tenant,
    userId,
    barcode,
    form,
    columns: formColumns(form, barcode, secretKey),
    audit: { action: 'form.issue', details: { barcode, ...amountsForAudit(form) } },
  });
  await claimReceipts(tx, tenant.companyId, id, receipts);
  await queueFormEvent(tx, { companyId: tenant.companyId, formId: id, type: 'taxform.issued' });
  return { id, barcode };
}

import {
  dayIn,
  decideStage,
  fromCents,
  toCents,
  type FormStage,
  type FormStageEntry,
  type OperatorStageStep,
} from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { queueFormEvent } from '../../../db/repositories/webhook-outbox.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { decided } from '../../../lib/refusal-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { queueFormMail } from '../mail/tax-form-mails.repository.ts';
import { toStageEntry } from '../read/tax-forms.mappers.ts';
import { findTaxFormForUpdate } from '../write/tax-form-write.repository.ts';
import {
  findRecordedExportDate,
  insertFormStage,
  moveFormToStage,
  type StageSource,
} from './tax-form-stages.repository.ts';

export type RecordStageOptions = {
  tenant: Tenant;
  /** The signed-in user who records the step; null for an operator's command. */
  userId: number | null;
  formId: number;
  /** The step as its schema parsed it; an operator's may leave the amount paid out. */
  step: OperatorStageStep;
  /** The shop's today (yyyy-mm-dd, in its time zone). */
  today: string;
  source: StageSource;
};

export type RecordedStage = {
  id: number;
  barcode: string;
  /** The stage the form was at. */
  from: string;
  /** The form's stage now. */
  status: FormStage;
  /** The step just recorded, with its details. */
  step: Required<FormStageEntry>;
};

/**
 * Records what happened to a form after the counter, for the portal, integrations and the
 * operators' command line alike, in the caller's transaction: load the form (locked) and what the
 * step is judged against, decide (decideStage: the form's order, then the step's details), then
 * move the form, keep the step with its details, write the audit entry and queue the traveller's
 * e-mail the stage sends. A refusal writes nothing.
 */
export async function recordFormStage(tx: Tx, options: RecordStageOptions): Promise<RecordedStage> {
  const { tenant, userId, formId, today, source } = options;
  const form = await findTaxFormForUpdate(tx, tenant, formId);
  if (!form) throw new AppError('NOT_FOUND');
  const company = await getCompany(tx, tenant.companyId);
  const stage = decided(
    decideStage(
      {
        stage: form.status,
        cancelled: form.cancelled,
        exportDeadline: form.exportDeadline,
        refund: toCents(form.customerRefund),
        methodOfRefund: form.methodOfRefund,
        issueDay: dayIn(company.timeZone, form.createdAt),
      },
      options.step,
      {
        today,
        currency: company.currency,
        recordedExportDate:
          options.step.stage === 'FORM_REFUNDED'
            ? await findRecordedExportDate(tx, tenant, formId)
            : null,
      },
    ),
  );
  const { to, details } = stage;
  await moveFormToStage(tx, { tenant, formId, stage: to });
  const row = await insertFormStage(tx, {
    tenant,
    formId,
    stage: to,
    userId,
    source,
    details: {
      exportDate: details.export_date,
      customsOffice: details.customs_office,
      customsRecordNumber: details.customs_record_number,
      refundDate: details.refund_date,
      paidAmount: details.paid_amount === null ? null : fromCents(toCents(details.paid_amount)),
      paidMethod: details.paid_method,
    },
  });
  await recordAudit(tx, {
    companyId: tenant.companyId,
    userId,
    action: 'form.stage',
    entity: 'tax_form',
    entityId: String(formId),
    details: {
      barcode: form.barcode,
      from: form.status,
      to,
      source,
      ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== null)),
    },
  });
  await queueFormEvent(tx, {
    companyId: tenant.companyId,
    formId,
    type: 'taxform.stage_changed',
    previousStatus: form.status,
  });
  if (stage.mail) {
    await queueFormMail(tx, { companyId: tenant.companyId, formId, kind: stage.mail, userId });
  }
  return {
    id: form.id,
    barcode: form.barcode,
    from: form.status,
    status: to,
    step: toStageEntry(row),
  };
}

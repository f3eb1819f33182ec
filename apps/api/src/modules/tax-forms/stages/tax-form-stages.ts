import {
  dayIn,
  fromCents,
  STAGE_REFUSAL_ERRORS,
  stageRefusal,
  stageStepIssues,
  stepJudgedAsOf,
  toCents,
  type FormStageEntry,
  type FormStageStep,
  type FormStage,
  type OperatorStageStep,
} from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { queueFormMail, type FormMailKind } from '../mail/tax-form-mails.repository.ts';
import { findTaxFormForUpdate } from '../write/tax-form-write.repository.ts';
import { validationFailed } from '../write/tax-form-write.ts';
import { toStageEntry } from '../read/tax-forms.mappers.ts';
import {
  findRecordedExportDate,
  insertFormStage,
  moveFormToStage,
  type StageSource,
} from './tax-form-stages.repository.ts';

/** The stages the traveller is told of by e-mail (when the form has an address). */
const STAGE_MAILS: Partial<Record<FormStage, FormMailKind>> = {
  FORM_VALIDATED: 'validated',
  FORM_REFUNDED: 'refunded',
};

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
 * operators' command line alike, in the caller's transaction: the form locked, the step allowed by
 * the form's order (409 for a skip, a step back, the same stage again, a cancelled or expired
 * form), its details checked against the form (400), then the form moved, the step kept with its
 * details, and an audit entry written. A refusal writes nothing.
 */
export async function recordFormStage(tx: Tx, options: RecordStageOptions): Promise<RecordedStage> {
  const { tenant, userId, formId, today, source } = options;
  const form = await findTaxFormForUpdate(tx, tenant, formId);
  if (!form) throw new AppError('NOT_FOUND');
  const to = options.step.stage;
  const refusal = stageRefusal(
    { stage: form.status, cancelled: form.cancelled, exportDeadline: form.exportDeadline },
    to,
    stepJudgedAsOf(options.step, today),
  );
  if (refusal !== null) {
    throw new AppError(STAGE_REFUSAL_ERRORS[refusal], {
      params: { date: form.exportDeadline ?? '', from: form.status, to },
    });
  }
  const company = await getCompany(tx, tenant.companyId);
  const step = withDefaults(options.step, form);
  const issues = stageStepIssues(step, {
    today,
    issueDay: dayIn(company.timeZone, form.createdAt),
    exportDeadline: form.exportDeadline,
    exportDate:
      step.stage === 'FORM_REFUNDED' ? await findRecordedExportDate(tx, tenant, formId) : null,
    refund: toCents(form.customerRefund),
    currency: company.currency,
  });
  if (issues.length > 0) throw validationFailed(issues);

  const details = recordedDetails(step, form);
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
  const mailKind = STAGE_MAILS[to];
  if (mailKind)
    await queueFormMail(tx, { companyId: tenant.companyId, formId, kind: mailKind, userId });
  return {
    id: form.id,
    barcode: form.barcode,
    from: form.status,
    status: to,
    step: toStageEntry(row),
  };
}

/** An operator's payout pays the form's refund unless told otherwise. */
function withDefaults(step: OperatorStageStep, form: { customerRefund: string }): FormStageStep {
  if (step.stage !== 'FORM_REFUNDED') return step;
  return { ...step, paid_amount: step.paid_amount ?? toCents(form.customerRefund) / 100 };
}

type StepDetails = Omit<Required<FormStageEntry>, 'stage' | 'created_at' | 'source'>;

/**
 * What the step records, by its wire names: the customs stamp's details, or the payout's (paid by
 * the form's own refund method unless another is named); null for what the step does not carry.
 */
function recordedDetails(step: FormStageStep, form: { methodOfRefund: string }): StepDetails {
  const none: StepDetails = {
    export_date: null,
    customs_office: null,
    customs_record_number: null,
    refund_date: null,
    paid_amount: null,
    paid_method: null,
  };
  switch (step.stage) {
    case 'FORM_VALIDATED':
      return {
        ...none,
        export_date: step.export_date,
        customs_office: step.customs_office,
        customs_record_number: step.customs_record_number,
      };
    case 'FORM_REFUNDED':
      return {
        ...none,
        refund_date: step.refund_date,
        paid_amount: step.paid_amount,
        paid_method: step.paid_method ?? form.methodOfRefund,
      };
    default:
      return none;
  }
}

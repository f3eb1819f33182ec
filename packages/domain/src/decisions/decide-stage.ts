import type { Cents } from '../money/money.rules.ts';
import {
  STAGE_REFUSAL_ERRORS,
  stageRefusal,
  stepJudgedAsOf,
  type FormState,
} from '../forms/lifecycle.rules.ts';
import {
  stageStepIssues,
  type FormStageStep,
  type OperatorStageStep,
} from '../forms/stage-step.schema.ts';
import type { FormStage, FormStageEntry } from '../forms/tax-form.schema.ts';
import { allow, refuse, type Decision } from './decision.ts';

/** The stored form a step is judged against. */
export type FormAtStage = FormState & {
  /** The refund on the form, in cents: what a payout pays unless told otherwise, and at most. */
  refund: Cents;
  methodOfRefund: string;
  /** The day the form was issued, in the shop's time zone. */
  issueDay: string;
};

export type StageContext = {
  /** The shop's today (yyyy-mm-dd, in its time zone). */
  today: string;
  currency: string;
  /** The export date recorded with the form's customs validation, for a payout; else null. */
  recordedExportDate: string | null;
};

/** The traveller's e-mail a stage sends (when the form has an address). */
export type StageMail = 'validated' | 'refunded';

const STAGE_MAILS: Partial<Record<FormStage, StageMail>> = {
  FORM_VALIDATED: 'validated',
  FORM_REFUNDED: 'refunded',
};

/** What a step records, by its wire names; null for what the step does not carry. */
export type StepDetails = Omit<
  Required<FormStageEntry>,
  'stage' | 'created_at' | 'source' | 'user_name'
>;

export type StageToWrite = {
  from: string;
  to: FormStage;
  details: StepDetails;
  mail: StageMail | null;
};

/**
 * Whether a form may move to a step's stage now, and what the step records. In order:
 *
 * 1. the form's order (stageRefusal): a skip, a step back, the same stage again, a cancelled or an
 *    expired form is refused (409), a customs validation judged as of its export date
 *    (stepJudgedAsOf) so a stamp that comes back late still counts when the goods left in time;
 * 2. the step's details against the form (stageStepIssues): no date in the future or before the
 *    form was issued, no export after the deadline, no payout before the export or above the refund;
 *    an operator's payout pays the form's refund unless told otherwise;
 * 3. what it records (a payout by the form's own method unless another is named) and which
 *    e-mail the traveller is sent.
 */
export function decideStage(
  form: FormAtStage,
  sent: OperatorStageStep,
  context: StageContext,
): Decision<StageToWrite> {
  const to = sent.stage;
  const refusal = stageRefusal(form, to, stepJudgedAsOf(sent, context.today));
  if (refusal !== null) {
    return refuse(STAGE_REFUSAL_ERRORS[refusal], {
      params: { date: form.exportDeadline ?? '', from: form.stage, to },
    });
  }
  const step: FormStageStep =
    sent.stage === 'FORM_REFUNDED'
      ? { ...sent, paid_amount: sent.paid_amount ?? form.refund / 100 }
      : sent;
  const issues = stageStepIssues(step, {
    today: context.today,
    issueDay: form.issueDay,
    exportDeadline: form.exportDeadline ?? null,
    exportDate: step.stage === 'FORM_REFUNDED' ? context.recordedExportDate : null,
    refund: form.refund,
    currency: context.currency,
  });
  if (issues.length > 0) return refuse('VALIDATION_FAILED', { issues });
  return allow({
    from: form.stage,
    to,
    details: recordedDetails(step, form.methodOfRefund),
    mail: STAGE_MAILS[to] ?? null,
  });
}

function recordedDetails(step: FormStageStep, methodOfRefund: string): StepDetails {
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
        paid_method: step.paid_method ?? methodOfRefund,
      };
    default:
      return none;
  }
}

import {
  dayIn,
  FORM_STAGES,
  fromCents,
  operatorStageStepSchema,
  STAGE_REFUSAL_ERRORS,
  toCents,
  type FormStageEntry,
  type StageRefusal,
} from '@taxfree/domain';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { translator } from '../lib/i18n.ts';
import { recordFormStage } from '../modules/tax-forms/stages/record-stage.ts';
import { findFormByBarcode } from '../modules/tax-forms/stages/tax-form-stages.repository.ts';
import { CommandError } from './command-error.ts';
import { companyByAccount } from './retailer-company.ts';

/** The stages an operator records: every one after issuing. */
export const OPERATOR_STAGES = FORM_STAGES.slice(1);

export type FormStageArgs = {
  accountNo: string;
  barcode: string;
  stage: string;
  /** FORM_VALIDATED: the customs stamp's date of export, office and record number. */
  exportDate?: string | undefined;
  customsOffice?: string | undefined;
  recordNumber?: string | undefined;
  /** FORM_REFUNDED: when, how much (default: the form's refund) and how (default: its method). */
  refundDate?: string | undefined;
  paidAmount?: string | undefined;
  paidMethod?: string | undefined;
};

/**
 * Records a form's next stage for an operator, through the same function as the portal's call:
 * customs validation with the stamp's details, receipt, or the payout (by default the form's
 * refund, by its refund method).
 */
export async function setFormStage(db: Db, args: FormStageArgs): Promise<string> {
  const stage = args.stage.trim().toUpperCase();
  if (!(OPERATOR_STAGES as readonly string[]).includes(stage)) {
    throw new CommandError(
      `Unknown stage ${args.stage}: use one of ${OPERATOR_STAGES.join(', ')}.`,
    );
  }
  const barcode = args.barcode.trim();
  const misplaced = STAGE_FLAGS.filter(
    (flag) => flag.stage !== stage && args[flag.arg] !== undefined,
  );
  if (misplaced.length > 0) {
    throw new CommandError(
      misplaced.map((flag) => `${flag.name} goes with ${flag.stage}, not ${stage}`).join('; ') +
        '.',
    );
  }
  const parsed = operatorStageStepSchema.safeParse({
    stage,
    export_date: args.exportDate,
    customs_office: args.customsOffice,
    customs_record_number: args.recordNumber,
    refund_date: args.refundDate,
    paid_amount: args.paidAmount,
    paid_method: args.paidMethod,
  });
  if (!parsed.success) {
    throw stepRefused(
      barcode,
      stage,
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    );
  }
  const company = await companyByAccount(db, args.accountNo);
  const form = await findFormByBarcode(db, company.id, barcode);
  if (!form)
    throw new CommandError(`No form with barcode ${barcode} for account ${company.accountNo}.`);
  try {
    const recorded = await db.transaction((tx) =>
      recordFormStage(tx, {
        tenant: { companyId: company.id, branchId: form.branchId },
        userId: null,
        formId: form.id,
        step: parsed.data,
        today: dayIn(company.timeZone),
        source: 'operator',
      }),
    );
    return `Form ${barcode} moved from ${recorded.from} to ${recorded.status}.${recordedDetails(recorded.step, company.currency)}`;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { params = {}, errors = [] } = error.options;
    const refusal = REFUSAL_BY_CODE.get(error.code);
    if (refusal) {
      const from = String(params.from);
      const deadline = params.date ? String(params.date) : null;
      throw new CommandError(
        STAGE_REFUSALS[refusal]({ barcode, status: from, exportDeadline: deadline }, stage),
      );
    }
    if (error.code === 'VALIDATION_FAILED') throw stepRefused(barcode, stage, errors);
    throw error;
  }
}

/** The command's flags for a step's details, and the stage each belongs to. */
const STAGE_FLAGS = [
  { name: '--export-date', arg: 'exportDate', field: 'export_date', stage: 'FORM_VALIDATED' },
  {
    name: '--customs-office',
    arg: 'customsOffice',
    field: 'customs_office',
    stage: 'FORM_VALIDATED',
  },
  {
    name: '--record-number',
    arg: 'recordNumber',
    field: 'customs_record_number',
    stage: 'FORM_VALIDATED',
  },
  { name: '--refund-date', arg: 'refundDate', field: 'refund_date', stage: 'FORM_REFUNDED' },
  { name: '--paid-amount', arg: 'paidAmount', field: 'paid_amount', stage: 'FORM_REFUNDED' },
  { name: '--paid-method', arg: 'paidMethod', field: 'paid_method', stage: 'FORM_REFUNDED' },
] as const;

/** Each refused detail in English, with the flag that carries it. */
function stepRefused(
  barcode: string,
  stage: string,
  errors: readonly { field: string; message: string; params?: Record<string, string | number> }[],
) {
  const english = translator('en');
  const reasons = errors.map((e) => {
    const flag = STAGE_FLAGS.find((f) => f.field === e.field)?.name ?? `--${e.field}`;
    return `${english(e.message, { ...e.params, ns: 'validation' })} (${flag})`;
  });
  return new CommandError(`Form ${barcode} cannot move to ${stage}: ${reasons.join('; ')}.`);
}

/** What the step recorded, as the command's answer says it. */
function recordedDetails(step: FormStageEntry, currency: string): string {
  if (step.stage === 'FORM_VALIDATED') {
    return ` Exported on ${step.export_date} through ${step.customs_office}, customs record number ${step.customs_record_number}.`;
  }
  if (step.stage === 'FORM_REFUNDED') {
    const method = translator('en')(`refundMethods.${step.paid_method}`, {
      defaultValue: step.paid_method ?? '',
    });
    return ` Paid ${fromCents(toCents(step.paid_amount ?? 0))} ${currency} by ${method} on ${step.refund_date}.`;
  }
  return '';
}

const REFUSAL_BY_CODE = new Map<string, StageRefusal>(
  Object.entries(STAGE_REFUSAL_ERRORS).map(([refusal, code]) => [code, refusal as StageRefusal]),
);

const STAGE_REFUSALS: Record<
  StageRefusal,
  (form: { barcode: string; status: string; exportDeadline: string | null }, to: string) => string
> = {
  cancelled: (form) => `Form ${form.barcode} is cancelled; its stage cannot change.`,
  expired: (form) =>
    `Form ${form.barcode} expired: its export deadline ${form.exportDeadline} passed before customs validated it.`,
  unknownStage: (form) => `Form ${form.barcode} is at an unknown stage ${form.status}.`,
  notForward: (form) =>
    `Form ${form.barcode} is already at ${form.status}; stages only move forward.`,
  skipsStage: (form, to) =>
    `Form ${form.barcode} is at ${form.status}; it moves one stage at a time, not straight to ${to}.`,
};

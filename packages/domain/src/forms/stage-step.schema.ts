import * as z from 'zod/mini';
import { fromCents, toCents, type Cents } from '../money/money.rules.ts';
import { REFUND_METHODS, type RefundMethod } from '../settings/settings.schema.ts';
import type { PayloadIssue } from './tax-form-payload.schema.ts';
import { requiredText, wireAmount, wireDate, wireText } from './wire-fields.schema.ts';

/**
 * What happens to a form after the counter, recorded one step at a time (`POST …/stages` and
 * `form:stage`): customs validation with the stamp's details, receipt of the stamped original,
 * and the refund paid to the traveller. Whether the step may happen now at all (order, cancelled,
 * expired) is `stageRefusal`'s to say; these schemas check the step's own details, and
 * `stageStepIssues` checks them against the form. Messages are keys of the `validation` catalogue.
 */

/** Longest customs office name and record number kept: far above what a stamp carries. */
export const CUSTOMS_OFFICE_MAX_LENGTH = 100;
export const CUSTOMS_RECORD_NUMBER_MAX_LENGTH = 50;

const requiredDate = (requiredKey: string) =>
  z.pipe(
    wireDate.check(z.refine((value: string | null) => value !== null, requiredKey)),
    z.transform((value: string | null) => value ?? ''),
  );

const isRefundMethod = (value: string): value is RefundMethod =>
  (REFUND_METHODS as readonly string[]).includes(value);

/**
 * Any of the four methods, whatever the company offers at issue: a shop that refunds itself may pay
 * cash (option5) at the counter to a traveller who asked for a card refund. Empty: the form's method.
 */
const paidMethod = z.pipe(
  wireText(20).check(
    z.refine((value: string) => value === '' || isRefundMethod(value), 'paidMethodInvalid'),
  ),
  z.transform((value: string) => (value === '' ? null : (value as RefundMethod))),
);

/** Customs certify the form "with the record number and the date of export" (DOMAIN.md). */
export const validatedStepSchema = z.object({
  stage: z.literal('FORM_VALIDATED'),
  export_date: requiredDate('exportDateRequired'),
  customs_office: requiredText(CUSTOMS_OFFICE_MAX_LENGTH, 'customsOfficeRequired'),
  customs_record_number: requiredText(
    CUSTOMS_RECORD_NUMBER_MAX_LENGTH,
    'customsRecordNumberRequired',
  ),
});

/** The stamped original is back with the shop or its operator. */
export const collectedStepSchema = z.object({ stage: z.literal('FORM_COLLECTED') });

export const refundedStepSchema = z.object({
  stage: z.literal('FORM_REFUNDED'),
  refund_date: requiredDate('refundDateRequired'),
  paid_amount: wireAmount('paidAmountRequired').check(
    z.refine((value: number) => value > 0, 'paidAmountNotPositive'),
  ),
  paid_method: paidMethod,
});

/**
 * Never a next stage; accepted so that a step back to the first stage is refused for its order
 * (409), as every other step back is, not for its shape.
 */
const submittedStepSchema = z.object({ stage: z.literal('FORM_SUBMITTED') });

const stepOptions = { error: 'stageInvalid' };

/** The body of `POST …/taxforms/{formId}/stages`. */
export const formStageStepSchema = z.discriminatedUnion(
  'stage',
  [submittedStepSchema, validatedStepSchema, collectedStepSchema, refundedStepSchema],
  stepOptions,
);
export type FormStageStep = z.output<typeof formStageStepSchema>;
export type FormStageStepInput = z.input<typeof formStageStepSchema>;

/** An operator's step (`form:stage`): the amount paid may be left out, to pay the form's refund. */
export const operatorStageStepSchema = z.discriminatedUnion(
  'stage',
  [
    submittedStepSchema,
    validatedStepSchema,
    collectedStepSchema,
    z.extend(refundedStepSchema, {
      paid_amount: z.optional(refundedStepSchema.shape.paid_amount),
    }),
  ],
  stepOptions,
);
export type OperatorStageStep = z.output<typeof operatorStageStepSchema>;

/** What a step's details are checked against: the form, and the shop's today. */
export type StageStepContext = {
  /** The shop's today (yyyy-mm-dd, in its time zone). */
  today: string;
  /** The day the form was issued, in the shop's time zone. */
  issueDay: string;
  /** The last day the goods may leave; null for a form stored without one. */
  exportDeadline: string | null;
  /** The export date recorded with the customs validation, when there is one. */
  exportDate: string | null;
  /** The refund on the form (its `customer_refund`), in cents: the most that may be paid. */
  refund: Cents;
  currency: string;
};

/**
 * Where a step's details disagree with the form: a date in the future or before the form was
 * issued, an export after the deadline, a refund before the export, more paid than the refund.
 */
export function stageStepIssues(step: FormStageStep, context: StageStepContext): PayloadIssue[] {
  const issues: PayloadIssue[] = [];
  const date = (field: string, value: string, notBefore: PayloadIssue | null) => {
    if (value > context.today) issues.push({ path: [field], message: 'dateInFuture' });
    else if (value < context.issueDay) {
      issues.push({
        path: [field],
        message: 'dateBeforeIssue',
        params: { date: context.issueDay },
      });
    } else if (notBefore) issues.push(notBefore);
  };
  if (step.stage === 'FORM_VALIDATED') {
    const deadline = context.exportDeadline;
    date(
      'export_date',
      step.export_date,
      deadline !== null && step.export_date > deadline
        ? { path: ['export_date'], message: 'exportAfterDeadline', params: { date: deadline } }
        : null,
    );
  }
  if (step.stage === 'FORM_REFUNDED') {
    const exported = context.exportDate;
    date(
      'refund_date',
      step.refund_date,
      exported !== null && step.refund_date < exported
        ? { path: ['refund_date'], message: 'refundBeforeExport', params: { date: exported } }
        : null,
    );
    const paid = toCents(step.paid_amount);
    // Checked here too for an operator's step, whose amount defaults to the form's refund.
    if (paid <= 0) issues.push({ path: ['paid_amount'], message: 'paidAmountNotPositive' });
    else if (paid > context.refund) {
      issues.push({
        path: ['paid_amount'],
        message: 'paidAmountAboveRefund',
        params: { maximum: `${fromCents(context.refund)} ${context.currency}` },
      });
    }
  }
  return issues;
}

/** The step's schema with the form's checks, for a form that records it (the browser's panel). */
export function stageStepFormSchema(context: StageStepContext) {
  return formStageStepSchema.check(
    z.superRefine((step: FormStageStep, ctx) => {
      for (const issue of stageStepIssues(step, context)) {
        ctx.addIssue({
          code: 'custom',
          path: issue.path,
          message: issue.message,
          params: issue.params,
        });
      }
    }),
  );
}

import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/error-codes.ts';
import { STAGE_REFUSAL_ERRORS } from './lifecycle.rules.ts';
import {
  formStageStepSchema,
  operatorStageStepSchema,
  stageStepFormSchema,
  stageStepIssues,
  type FormStageStep,
  type StageStepContext,
} from './stage-step.schema.ts';

const messages = (input: unknown) => {
  const result = formStageStepSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

const context: StageStepContext = {
  today: '2026-05-20',
  issueDay: '2026-05-02',
  exportDeadline: '2026-08-31',
  exportDate: '2026-05-06',
  refund: 2_760,
  currency: 'EUR',
};

const validated = (export_date: string): FormStageStep => ({
  stage: 'FORM_VALIDATED',
  export_date,
  customs_office: 'Carinska ispostava Bajakovo',
  customs_record_number: 'HR-2026-4711',
});
const refunded = (refund_date: string, paid_amount = 27.6): FormStageStep => ({
  stage: 'FORM_REFUNDED',
  refund_date,
  paid_amount,
  paid_method: null,
});

describe('a stage step', () => {
  it('reads customs validation with its export date, office and record number', () => {
    expect(
      formStageStepSchema.parse({
        stage: 'FORM_VALIDATED',
        export_date: '2026-05-06',
        customs_office: '  Carinska ispostava Bajakovo ',
        customs_record_number: 'HR-2026-4711',
      }),
    ).toEqual(validated('2026-05-06'));
  });

  it('asks for every detail of the customs stamp', () => {
    expect(messages({ stage: 'FORM_VALIDATED' })).toEqual([
      ['export_date', 'exportDateRequired'],
      ['customs_office', 'customsOfficeRequired'],
      ['customs_record_number', 'customsRecordNumberRequired'],
    ]);
    expect(
      messages({
        stage: 'FORM_VALIDATED',
        export_date: '2026-02-30',
        customs_office: 'Bajakovo',
        customs_record_number: 'x'.repeat(51),
      }),
    ).toEqual([
      ['export_date', 'dateInvalid'],
      ['customs_record_number', 'textTooLong'],
    ]);
  });

  it('reads receipt with nothing more', () => {
    expect(formStageStepSchema.parse({ stage: 'FORM_COLLECTED' })).toEqual({
      stage: 'FORM_COLLECTED',
    });
  });

  it('reads a payout: date, an amount above 0, and any of the four methods or none', () => {
    expect(
      formStageStepSchema.parse({
        stage: 'FORM_REFUNDED',
        refund_date: '2026-05-20',
        paid_amount: '27.60',
        paid_method: 'option5',
      }),
    ).toEqual({
      stage: 'FORM_REFUNDED',
      refund_date: '2026-05-20',
      paid_amount: 27.6,
      paid_method: 'option5',
    });
    expect(
      formStageStepSchema.parse({
        stage: 'FORM_REFUNDED',
        refund_date: '2026-05-20',
        paid_amount: 1,
      }),
    ).toMatchObject({ paid_method: null });
    expect(messages({ stage: 'FORM_REFUNDED' })).toEqual([
      ['refund_date', 'refundDateRequired'],
      ['paid_amount', 'paidAmountRequired'],
    ]);
    expect(
      messages({
        stage: 'FORM_REFUNDED',
        refund_date: '2026-05-20',
        paid_amount: 0,
        paid_method: 'option9',
      }),
    ).toEqual([
      ['paid_amount', 'paidAmountNotPositive'],
      ['paid_method', 'paidMethodInvalid'],
    ]);
    expect(
      messages({ stage: 'FORM_REFUNDED', refund_date: '2026-05-20', paid_amount: 1.005 }),
    ).toEqual([['paid_amount', 'amountInvalid']]);
  });

  it('lets an operator leave the amount paid out, and no one else', () => {
    expect(
      operatorStageStepSchema.parse({ stage: 'FORM_REFUNDED', refund_date: '2026-05-20' }),
    ).toEqual({ stage: 'FORM_REFUNDED', refund_date: '2026-05-20', paid_method: null });
    expect(messages({ stage: 'FORM_REFUNDED', refund_date: '2026-05-20' })).toEqual([
      ['paid_amount', 'paidAmountRequired'],
    ]);
  });

  it('knows the first stage, to refuse it for its order, and no stage outside the four', () => {
    expect(formStageStepSchema.parse({ stage: 'FORM_SUBMITTED' })).toEqual({
      stage: 'FORM_SUBMITTED',
    });
    expect(messages({ stage: 'FORM_LOST' })).toEqual([['stage', 'stageInvalid']]);
    expect(messages({})).toEqual([['stage', 'stageInvalid']]);
  });
});

describe("a step's details against the form", () => {
  it('takes an export between the issue day and today, within the deadline', () => {
    expect(stageStepIssues(validated('2026-05-02'), context)).toEqual([]);
    expect(stageStepIssues(validated('2026-05-20'), context)).toEqual([]);
    expect(stageStepIssues(validated('2026-05-21'), context)).toEqual([
      { path: ['export_date'], message: 'dateInFuture' },
    ]);
    expect(stageStepIssues(validated('2026-05-01'), context)).toEqual([
      { path: ['export_date'], message: 'dateBeforeIssue', params: { date: '2026-05-02' } },
    ]);
    expect(
      stageStepIssues(validated('2026-05-10'), { ...context, exportDeadline: '2026-05-09' }),
    ).toEqual([
      { path: ['export_date'], message: 'exportAfterDeadline', params: { date: '2026-05-09' } },
    ]);
    expect(stageStepIssues(validated('2026-05-10'), { ...context, exportDeadline: null })).toEqual(
      [],
    );
  });

  it('takes a refund paid after the export, up to the refund on the form', () => {
    expect(stageStepIssues(refunded('2026-05-06'), context)).toEqual([]);
    expect(stageStepIssues(refunded('2026-05-05'), context)).toEqual([
      { path: ['refund_date'], message: 'refundBeforeExport', params: { date: '2026-05-06' } },
    ]);
    expect(stageStepIssues(refunded('2026-05-01'), { ...context, exportDate: null })).toEqual([
      { path: ['refund_date'], message: 'dateBeforeIssue', params: { date: '2026-05-02' } },
    ]);
    expect(stageStepIssues(refunded('2026-05-21'), context)).toEqual([
      { path: ['refund_date'], message: 'dateInFuture' },
    ]);
    expect(stageStepIssues(refunded('2026-05-20', 20), context)).toEqual([]);
    expect(stageStepIssues(refunded('2026-05-20', 27.61), context)).toEqual([
      { path: ['paid_amount'], message: 'paidAmountAboveRefund', params: { maximum: '27.60 EUR' } },
    ]);
    expect(stageStepIssues(refunded('2026-05-20', 0), context)).toEqual([
      { path: ['paid_amount'], message: 'paidAmountNotPositive' },
    ]);
  });

  it('checks nothing more on receipt', () => {
    expect(stageStepIssues({ stage: 'FORM_COLLECTED' }, context)).toEqual([]);
  });

  it('gives the browser one schema with the shape and the form checks', () => {
    const result = stageStepFormSchema(context).safeParse({
      stage: 'FORM_REFUNDED',
      refund_date: '2026-05-20',
      paid_amount: 30,
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['paid_amount', 'paidAmountAboveRefund'],
    ]);
  });
});

describe('refusals of a stage for its order', () => {
  it('each answer with an error code of their own', () => {
    const codes = Object.values(STAGE_REFUSAL_ERRORS);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(ERROR_CODES).toContain(code);
  });
});

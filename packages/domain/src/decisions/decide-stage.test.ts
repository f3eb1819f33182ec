import { describe, expect, it } from 'vitest';
import { operatorStageStepSchema } from '../forms/stage-step.schema.ts';
import { decideStage, type FormAtStage, type StageContext } from './decide-stage.ts';
import { allowed, refusalOf, TODAY } from './decision-fixtures.ts';

/**
 * Recording a form's next stage: one stage at a time, forward only, never on a cancelled or an
 * expired form (a customs validation judged as of its export date); then the step's details
 * against the form, what the step records and the traveller's e-mail it sends.
 */

const DEADLINE = '2026-05-10';

/** A form issued on 1 May for 50.00 EUR of refund by card, its export window closed on 10 May. */
const formAt = (state: Partial<FormAtStage> = {}): FormAtStage => ({
  stage: 'FORM_SUBMITTED',
  cancelled: false,
  exportDeadline: DEADLINE,
  refund: 50_00,
  methodOfRefund: 'option2',
  issueDay: '2026-05-01',
  ...state,
});

const context: StageContext = { today: TODAY, currency: 'EUR', recordedExportDate: null };

const step = (body: Record<string, unknown>) => operatorStageStepSchema.parse(body);
const validation = (exportDate: string) =>
  step({
    stage: 'FORM_VALIDATED',
    export_date: exportDate,
    customs_office: 'Zagreb Airport',
    customs_record_number: 'HR-2026-0042',
  });
const collection = step({ stage: 'FORM_COLLECTED' });
const payout = (details: Record<string, unknown> = {}) =>
  step({ stage: 'FORM_REFUNDED', refund_date: TODAY, ...details });

describe('the order of stages', () => {
  const open = formAt({ exportDeadline: '2026-08-31' });

  it.each([
    ['FORM_STAGE_SKIPPED', 'skips customs validation', open, collection],
    ['FORM_STAGE_SKIPPED', 'pays out a form customs has not seen', open, payout()],
    [
      'FORM_STAGE_NOT_FORWARD',
      'validates a validated form again',
      formAt({ stage: 'FORM_VALIDATED' }),
      validation('2026-05-08'),
    ],
    [
      'FORM_STAGE_NOT_FORWARD',
      'steps back from collected to validated',
      formAt({ stage: 'FORM_COLLECTED' }),
      validation('2026-05-08'),
    ],
    [
      'FORM_STAGE_NOT_FORWARD',
      'steps back to issued',
      formAt({ stage: 'FORM_VALIDATED' }),
      step({ stage: 'FORM_SUBMITTED' }),
    ],
    [
      'FORM_STAGE_CANCELLED',
      'validates a cancelled form, even one whose window has closed',
      formAt({ cancelled: true }),
      validation(TODAY),
    ],
    [
      'FORM_STAGE_EXPIRED',
      'validates goods exported after the deadline',
      formAt(),
      validation('2026-05-11'),
    ],
    ['FORM_STAGE_EXPIRED', 'collects an expired form', formAt(), collection],
  ] as const)('answers %s to a step that %s', (code, _, form, sent) => {
    expect(refusalOf(decideStage(form, sent, context))).toEqual({
      code,
      issues: [],
      params: { date: form.exportDeadline, from: form.stage, to: sent.stage },
    });
  });
});

describe('a customs validation', () => {
  it('is judged as of its export date: a stamp recorded late counts when the goods left in time', () => {
    for (const exported of ['2026-05-08', DEADLINE]) {
      expect(allowed(decideStage(formAt(), validation(exported), context))).toEqual({
        from: 'FORM_SUBMITTED',
        to: 'FORM_VALIDATED',
        details: {
          export_date: exported,
          customs_office: 'Zagreb Airport',
          customs_record_number: 'HR-2026-0042',
          refund_date: null,
          paid_amount: null,
          paid_method: null,
        },
        mail: 'validated',
      });
    }
  });

  it('refuses an export date before the form was issued', () => {
    expect(refusalOf(decideStage(formAt(), validation('2026-04-30'), context))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['export_date', 'dateBeforeIssue', { date: '2026-05-01' }]],
    });
  });
});

describe('the stamped form’s receipt', () => {
  it('records nothing more and sends no e-mail', () => {
    const form = formAt({ stage: 'FORM_VALIDATED' });
    const written = allowed(decideStage(form, collection, context));
    expect(written.mail).toBeNull();
    expect(written.to).toBe('FORM_COLLECTED');
    expect(Object.values(written.details).every((value) => value === null)).toBe(true);
  });
});

describe('a payout', () => {
  const collected = formAt({ stage: 'FORM_COLLECTED' });
  const exported = { ...context, recordedExportDate: '2026-05-08' };

  it('pays the form’s refund by the form’s method unless told otherwise, and says so', () => {
    expect(allowed(decideStage(collected, payout(), exported))).toEqual({
      from: 'FORM_COLLECTED',
      to: 'FORM_REFUNDED',
      details: {
        export_date: null,
        customs_office: null,
        customs_record_number: null,
        refund_date: TODAY,
        paid_amount: 50,
        paid_method: 'option2',
      },
      mail: 'refunded',
    });
  });

  it('records the amount and the method it was told', () => {
    const written = allowed(
      decideStage(collected, payout({ paid_amount: 30, paid_method: 'option5' }), exported),
    );
    expect(written.details).toMatchObject({ paid_amount: 30, paid_method: 'option5' });
  });

  it('refuses more than the form’s refund, and a payout before the export', () => {
    expect(refusalOf(decideStage(collected, payout({ paid_amount: 50.01 }), exported))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['paid_amount', 'paidAmountAboveRefund', { maximum: '50.00 EUR' }]],
    });
    expect(
      refusalOf(decideStage(collected, payout({ refund_date: '2026-05-07' }), exported)),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['refund_date', 'refundBeforeExport', { date: '2026-05-08' }]],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { decideCancel } from './decide-cancel.ts';
import { allowed, refusalOf } from './decision-fixtures.ts';

/** Cancelling a form: only while customs has not validated it and it is not cancelled already. */

describe('decideCancel', () => {
  const reasons = { cancel_reason: 'Other', cancel_comments: '' } as const;

  it.each([
    ['validated by customs', { stage: 'FORM_VALIDATED', cancelled: false }],
    ['collected', { stage: 'FORM_COLLECTED', cancelled: false }],
    ['refunded', { stage: 'FORM_REFUNDED', cancelled: false }],
    ['cancelled already', { stage: 'FORM_SUBMITTED', cancelled: true }],
  ])('refuses to cancel a form %s', (_, form) => {
    expect(refusalOf(decideCancel(form, reasons))).toEqual({
      code: 'FORM_NOT_CANCELLABLE',
      issues: [],
    });
  });

  it('cancels a form customs has not seen, even once its export window has closed', () => {
    const issued = { stage: 'FORM_SUBMITTED', cancelled: false, exportDeadline: '2026-05-19' };
    expect(allowed(decideCancel(issued, reasons))).toEqual({ reason: 'Other', comments: null });
    expect(
      allowed(
        decideCancel(issued, {
          cancel_reason: 'Wants another tax provider',
          cancel_comments: 'Asked at the counter',
        }),
      ),
    ).toEqual({ reason: 'Wants another tax provider', comments: 'Asked at the counter' });
  });
});

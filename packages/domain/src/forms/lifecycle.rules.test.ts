import { describe, expect, it } from 'vitest';
import { canCancel, canEdit, canMoveTo, nextStages } from './lifecycle.rules.ts';

const form = (stage: string, cancelled = false) => ({ stage, cancelled });

describe('a form’s lifecycle', () => {
  it('lets an issued form be cancelled and updated, and nothing later or cancelled', () => {
    expect(canCancel(form('FORM_SUBMITTED'))).toBe(true);
    expect(canEdit(form('FORM_SUBMITTED'))).toBe(true);
    for (const later of ['FORM_VALIDATED', 'FORM_COLLECTED', 'FORM_REFUNDED']) {
      expect(canCancel(form(later))).toBe(false);
      expect(canEdit(form(later))).toBe(false);
    }
    expect(canCancel(form('FORM_SUBMITTED', true))).toBe(false);
    expect(canEdit(form('FORM_SUBMITTED', true))).toBe(false);
  });

  it('moves stages only forward, and a cancelled or unknown form nowhere', () => {
    expect(nextStages(form('FORM_SUBMITTED'))).toEqual([
      'FORM_VALIDATED',
      'FORM_COLLECTED',
      'FORM_REFUNDED',
    ]);
    expect(nextStages(form('FORM_COLLECTED'))).toEqual(['FORM_REFUNDED']);
    expect(nextStages(form('FORM_REFUNDED'))).toEqual([]);
    expect(nextStages(form('FORM_SUBMITTED', true))).toEqual([]);
    expect(nextStages(form('FORM_LOST'))).toEqual([]);
    expect(canMoveTo(form('FORM_VALIDATED'), 'FORM_COLLECTED')).toBe(true);
    expect(canMoveTo(form('FORM_VALIDATED'), 'FORM_VALIDATED')).toBe(false);
    expect(canMoveTo(form('FORM_VALIDATED'), 'FORM_SUBMITTED')).toBe(false);
    expect(canMoveTo(form('FORM_SUBMITTED'), 'FORM_LOST')).toBe(false);
  });
});

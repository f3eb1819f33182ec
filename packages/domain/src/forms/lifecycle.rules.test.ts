import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canEdit,
  isExpired,
  nextStage,
  stageRefusal,
  stepJudgedAsOf,
} from './lifecycle.rules.ts';

const today = '2026-05-10';
const form = (stage: string, cancelled = false, exportDeadline: string | null = '2026-07-31') => ({
  stage,
  cancelled,
  exportDeadline,
});

describe('a form’s lifecycle', () => {
  it('lets an issued form be cancelled and updated, and nothing later or cancelled', () => {
    expect(canCancel(form('FORM_SUBMITTED'))).toBe(true);
    expect(canEdit(form('FORM_SUBMITTED'), today)).toBe(true);
    for (const later of ['FORM_VALIDATED', 'FORM_COLLECTED', 'FORM_REFUNDED']) {
      expect(canCancel(form(later))).toBe(false);
      expect(canEdit(form(later), today)).toBe(false);
    }
    expect(canCancel(form('FORM_SUBMITTED', true))).toBe(false);
    expect(canEdit(form('FORM_SUBMITTED', true), today)).toBe(false);
  });

  it('moves one stage at a time, forward only, and a cancelled or unknown form nowhere', () => {
    expect(nextStage(form('FORM_SUBMITTED'), today)).toBe('FORM_VALIDATED');
    expect(nextStage(form('FORM_COLLECTED'), today)).toBe('FORM_REFUNDED');
    expect(nextStage(form('FORM_REFUNDED'), today)).toBeNull();
    expect(nextStage(form('FORM_SUBMITTED', true), today)).toBeNull();
    expect(nextStage(form('FORM_LOST'), today)).toBeNull();
    expect(stageRefusal(form('FORM_VALIDATED'), 'FORM_COLLECTED', today) === null).toBe(true);
    expect(stageRefusal(form('FORM_SUBMITTED'), 'FORM_REFUNDED', today)).toBe('skipsStage');
    expect(stageRefusal(form('FORM_VALIDATED'), 'FORM_VALIDATED', today)).toBe('notForward');
    expect(stageRefusal(form('FORM_VALIDATED'), 'FORM_SUBMITTED', today)).toBe('notForward');
    expect(stageRefusal(form('FORM_SUBMITTED'), 'FORM_LOST', today)).toBe('unknownStage');
    expect(stageRefusal(form('FORM_SUBMITTED', true), 'FORM_VALIDATED', today)).toBe('cancelled');
  });

  it('expires an issued form the day after its deadline: no validation, no edit, still cancellable', () => {
    const issued = form('FORM_SUBMITTED', false, '2026-05-10');
    expect(isExpired(issued, '2026-05-10')).toBe(false);
    expect(isExpired(issued, '2026-05-11')).toBe(true);
    expect(canEdit(issued, '2026-05-11')).toBe(false);
    expect(canCancel(issued)).toBe(true);
    expect(stageRefusal(issued, 'FORM_VALIDATED', '2026-05-11')).toBe('expired');
    expect(nextStage(issued, '2026-05-11')).toBeNull();
    // Validated in time, it goes on after the deadline; a form stored without one never expires.
    expect(isExpired(form('FORM_VALIDATED', false, '2026-05-10'), '2026-06-01')).toBe(false);
    expect(isExpired(form('FORM_SUBMITTED', false, null), '2030-01-01')).toBe(false);
  });

  it('judges a validation as of its export date, so goods that left in time still count', () => {
    const issued = form('FORM_SUBMITTED', false, '2026-05-10');
    const validation = (exportDate: string) => ({
      stage: 'FORM_VALIDATED',
      export_date: exportDate,
    });
    // Left on the deadline, stamp recorded later: judged as of the export, so allowed.
    expect(stepJudgedAsOf(validation('2026-05-10'), '2026-06-01')).toBe('2026-05-10');
    expect(stageRefusal(issued, 'FORM_VALIDATED', '2026-05-10')).toBeNull();
    // Left after the deadline: judged as of that day, so expired.
    expect(stepJudgedAsOf(validation('2026-05-11'), '2026-06-01')).toBe('2026-05-11');
    expect(stageRefusal(issued, 'FORM_VALIDATED', '2026-05-11')).toBe('expired');
    // The latest export date the panel accepts is the deadline: an expired form is still offered
    // its validation.
    const asOfDeadline = stepJudgedAsOf(validation('2026-05-10'), '2026-06-01');
    expect(nextStage(issued, asOfDeadline)).toBe('FORM_VALIDATED');
    // An export date today or after it, and every other step, are judged as of today.
    expect(stepJudgedAsOf(validation('2026-06-01'), '2026-06-01')).toBe('2026-06-01');
    expect(stepJudgedAsOf(validation('2026-06-02'), '2026-06-01')).toBe('2026-06-01');
    expect(stepJudgedAsOf({ stage: 'FORM_COLLECTED' }, '2026-06-01')).toBe('2026-06-01');
    expect(stepJudgedAsOf({ stage: 'FORM_VALIDATED', export_date: null }, '2026-06-01')).toBe(
      '2026-06-01',
    );
  });
});

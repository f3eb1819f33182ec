import { describe, expect, it } from 'vitest';
import { isCroatiaMode, isFormStage, stageSteps } from './stages.rules.ts';

const done = (stage: unknown, ushopSetting: unknown) =>
  stageSteps(stage, ushopSetting).map((step) => [step.stage, step.done]);

describe('form stages', () => {
  it('shows four steps in the Croatia-customised mode, labelled from the common catalogue', () => {
    expect(stageSteps('FORM_SUBMITTED', 'true')).toEqual([
      { stage: 'FORM_SUBMITTED', labelKey: 'stages.FORM_SUBMITTED', done: true },
      { stage: 'FORM_VALIDATED', labelKey: 'stages.FORM_VALIDATED', done: false },
      { stage: 'FORM_COLLECTED', labelKey: 'stages.FORM_COLLECTED', done: false },
      { stage: 'FORM_REFUNDED', labelKey: 'stages.FORM_REFUNDED', done: false },
    ]);
  });

  it('marks every earlier step done at a later stage', () => {
    expect(done('FORM_COLLECTED', '1')).toEqual([
      ['FORM_SUBMITTED', true],
      ['FORM_VALIDATED', true],
      ['FORM_COLLECTED', true],
      ['FORM_REFUNDED', false],
    ]);
    expect(done('FORM_REFUNDED', null).every(([, isDone]) => isDone)).toBe(true);
  });

  it('hides the Form Validated step when ushopSetting is the text false', () => {
    expect(done('FORM_VALIDATED', 'false')).toEqual([
      ['FORM_SUBMITTED', true],
      ['FORM_COLLECTED', false],
      ['FORM_REFUNDED', false],
    ]);
    expect(done('FORM_COLLECTED', false)).toEqual([
      ['FORM_SUBMITTED', true],
      ['FORM_COLLECTED', true],
      ['FORM_REFUNDED', false],
    ]);
  });

  it('clears every step for an unknown stage', () => {
    for (const stage of ['FORM_LOST', '', null, undefined, 3]) {
      expect(done(stage, 'true').some(([, isDone]) => isDone)).toBe(false);
    }
  });

  it('is in the Croatia-customised mode unless ushopSetting is the text false', () => {
    for (const value of ['true', '1', '', null, undefined, 'False']) {
      expect(isCroatiaMode(value)).toBe(true);
    }
    expect(isCroatiaMode('false')).toBe(false);
  });

  it('knows the stages by their exact names', () => {
    expect(isFormStage('FORM_REFUNDED')).toBe(true);
    expect(isFormStage('form_refunded')).toBe(false);
  });
});

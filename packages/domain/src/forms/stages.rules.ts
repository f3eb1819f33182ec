import { FORM_STAGES, type FormStage } from './form-lists.ts';

/**
 * A form's stages, in order (SPEC 4): issued (shown as Form Pending), validated by customs,
 * received back (collected) and paid out (refunded).
 */

/** The key of each stage's label in the `common` catalogue. */
export const STAGE_LABEL_KEYS: Readonly<Record<FormStage, `stages.${FormStage}`>> = {
  FORM_SUBMITTED: 'stages.FORM_SUBMITTED',
  FORM_VALIDATED: 'stages.FORM_VALIDATED',
  FORM_COLLECTED: 'stages.FORM_COLLECTED',
  FORM_REFUNDED: 'stages.FORM_REFUNDED',
};

export type StageStep = {
  stage: FormStage;
  labelKey: (typeof STAGE_LABEL_KEYS)[FormStage];
  done: boolean;
};

export function isFormStage(value: unknown): value is FormStage {
  return typeof value === 'string' && (FORM_STAGES as readonly string[]).includes(value);
}

/**
 * The Croatia-customised mode (SPEC 1) is on unless the stored ushopSetting is the text 'false'
 * (a boolean false, as a JSON settings document may hold it, counts as 'false' too).
 */
export function isCroatiaMode(ushopSetting: unknown): boolean {
  return ushopSetting !== 'false' && ushopSetting !== false;
}

/**
 * The steps of the Form Status panel. Every step up to and including the current stage is done;
 * an unknown stage leaves every step open. The Form Validated step shows only in the
 * Croatia-customised mode: otherwise three steps (pending, collected, refunded), where a form at
 * FORM_VALIDATED shows just the pending step done.
 */
export function stageSteps(currentStage: unknown, ushopSetting: unknown): StageStep[] {
  const reached = isFormStage(currentStage) ? FORM_STAGES.indexOf(currentStage) : -1;
  const shown = isCroatiaMode(ushopSetting)
    ? FORM_STAGES
    : FORM_STAGES.filter((stage) => stage !== 'FORM_VALIDATED');
  return shown.map((stage) => ({
    stage,
    labelKey: STAGE_LABEL_KEYS[stage],
    done: FORM_STAGES.indexOf(stage) <= reached,
  }));
}

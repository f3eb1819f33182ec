import type { ErrorCode } from '../errors/error-codes.ts';
import { isFormStage } from './stages.rules.ts';
import { FORM_STAGES, type FormStage } from './form-lists.ts';

/**
 * What may happen to a form next, decided once for the list's action menu, the API and the
 * operators' command line. A form is issued at FORM_SUBMITTED; customs validation, receipt of the
 * stamped form and payout move it on, one stage at a time, in the law's order (the
 * Croatia-customised three-step display hides "validated", not the order); a cancelled form never
 * changes again. A form still only issued when its export deadline has passed is expired: customs
 * can no longer validate it and it cannot be edited.
 */
export type FormState = {
  stage: string;
  cancelled: boolean;
  /** The last day the goods may leave (yyyy-mm-dd); null for a form stored without one. */
  exportDeadline?: string | null;
};

/** Whether customs has not yet seen the form: it is issued, not cancelled, not moved on. */
function isOnlyIssued(form: FormState): boolean {
  return !form.cancelled && form.stage === FORM_STAGES[0];
}

/** Whether the form's export window closed before customs validated it, as of `today`. */
export function isExpired(form: FormState, today: string): boolean {
  return isOnlyIssued(form) && form.exportDeadline != null && form.exportDeadline < today;
}

/**
 * Whether the shop still waits for the form stamped by customs: issued or validated, neither
 * cancelled nor expired as of `today`. Only then does the traveller hear by when to bring it back.
 */
export function awaitsStampedForm(form: FormState, today: string): boolean {
  const isBeforeReceipt = form.stage === FORM_STAGES[0] || form.stage === FORM_STAGES[1];
  return !form.cancelled && isBeforeReceipt && !isExpired(form, today);
}

/** A form may be cancelled while it is not cancelled and customs has not validated it (SPEC 2). */
export function canCancel(form: FormState): boolean {
  return isOnlyIssued(form);
}

/** A form may be updated while it may be cancelled and its export window is open (SPEC 5). */
export function canEdit(form: FormState, today: string): boolean {
  return isOnlyIssued(form) && !isExpired(form, today);
}

/** The stage a form may move to now: the next one in order; none once cancelled, expired or paid. */
export function nextStage(form: FormState, today: string): FormStage | null {
  if (form.cancelled || !isFormStage(form.stage) || isExpired(form, today)) return null;
  return FORM_STAGES[FORM_STAGES.indexOf(form.stage) + 1] ?? null;
}

/**
 * The day a step is judged as of, for the export window: today, except for a customs validation
 * whose goods left earlier. A stamp that comes back to the shop after the deadline still counts when
 * the goods left in time: a validation is judged as of its export date, not of the day it is
 * recorded (docs/decisions/018). An export date after today does not move the day on.
 */
export function stepJudgedAsOf(
  step: { stage: string; export_date?: string | null },
  today: string,
): string {
  const exportDate = step.stage === 'FORM_VALIDATED' ? step.export_date : null;
  return exportDate != null && exportDate < today ? exportDate : today;
}

/**
 * Why a form may not move to `stage` now, or null when it may: what the API's stage recording and
 * the operators' command answer, and what the browser's step checks tell the clerk beforehand.
 */
export type StageRefusal = 'cancelled' | 'expired' | 'unknownStage' | 'notForward' | 'skipsStage';

export function stageRefusal(form: FormState, stage: string, today: string): StageRefusal | null {
  if (!isFormStage(stage) || !isFormStage(form.stage)) return 'unknownStage';
  if (form.cancelled) return 'cancelled';
  if (isExpired(form, today)) return 'expired';
  const [from, to] = [FORM_STAGES.indexOf(form.stage), FORM_STAGES.indexOf(stage)];
  if (to <= from) return 'notForward';
  return to === from + 1 ? null : 'skipsStage';
}

/** The answer's error code for each reason a step may not happen now (all 409). */
export const STAGE_REFUSAL_ERRORS = {
  cancelled: 'FORM_STAGE_CANCELLED',
  expired: 'FORM_STAGE_EXPIRED',
  unknownStage: 'FORM_STAGE_UNKNOWN',
  notForward: 'FORM_STAGE_NOT_FORWARD',
  skipsStage: 'FORM_STAGE_SKIPPED',
} as const satisfies Record<StageRefusal, ErrorCode>;

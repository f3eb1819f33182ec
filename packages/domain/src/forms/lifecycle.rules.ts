import { isFormStage } from './stages.rules.ts';
import { FORM_STAGES, type FormStage } from './tax-form.schema.ts';

/**
 * What may happen to a form next, decided once for the list's action menu, the API and the
 * operators' command line. A form is issued at FORM_SUBMITTED; customs validation, receipt of the
 * stamped form and payout move it on; a cancelled form never changes again.
 */
export type FormState = { stage: string; cancelled: boolean };

/** Whether customs has not yet seen the form: it is issued, not cancelled, not moved on. */
function isOnlyIssued(form: FormState): boolean {
  return !form.cancelled && form.stage === FORM_STAGES[0];
}

/** A form may be cancelled while it is not cancelled and customs has not validated it (SPEC 2). */
export function canCancel(form: FormState): boolean {
  return isOnlyIssued(form);
}

/** A form may be updated on the same terms as it may be cancelled (SPEC 5 "Update form"). */
export function canEdit(form: FormState): boolean {
  return isOnlyIssued(form);
}

/** The stages a form may move to, in order: every later one; none once cancelled. */
export function nextStages(form: FormState): FormStage[] {
  if (form.cancelled || !isFormStage(form.stage)) return [];
  return FORM_STAGES.slice(FORM_STAGES.indexOf(form.stage) + 1);
}

/** Whether a form may move to `stage` now. */
export function canMoveTo(form: FormState, stage: string): boolean {
  return (nextStages(form) as string[]).includes(stage);
}

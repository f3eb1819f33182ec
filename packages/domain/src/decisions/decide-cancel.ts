import type { CancelPayload } from '../forms/cancel-payload.schema.ts';
import { canCancel, type FormState } from '../forms/lifecycle.rules.ts';
import { allow, refuse, type Decision } from './decision.ts';

/** The cancellation to write: the clerk's reason, and comments when there are any. */
export type CancellationToWrite = {
  reason: CancelPayload['cancel_reason'];
  comments: string | null;
};

/**
 * Whether a form may be cancelled: while customs has not validated it and it is not cancelled
 * already (SPEC 2; FORM_NOT_CANCELLABLE otherwise). A cancelled form never changes again.
 */
export function decideCancel(
  form: FormState,
  reasons: CancelPayload,
): Decision<CancellationToWrite> {
  if (!canCancel(form)) return refuse('FORM_NOT_CANCELLABLE');
  return allow({ reason: reasons.cancel_reason, comments: reasons.cancel_comments || null });
}

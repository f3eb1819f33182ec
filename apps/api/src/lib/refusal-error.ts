import type { Decision, PayloadIssue, Refusal } from '@taxfree/domain';
import { AppError } from './app-error.ts';

/** Each field a rule refused, by its dotted path, with the rule's message and figures. */
export const fieldErrors = (issues: readonly PayloadIssue[]) =>
  issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
    ...(issue.params && { params: issue.params }),
  }));

/** A refusal of one field, its message a key of the `validation` catalogue. */
export const fieldRefusal = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { errors: [{ field, message }] });

/** The error answer of a domain decision's refusal. */
export function refusalError(refusal: Refusal): AppError {
  return new AppError(refusal.code, {
    ...(refusal.params && { params: refusal.params }),
    ...(refusal.issues && { errors: fieldErrors(refusal.issues) }),
  });
}

/** What a decision allows, or its refusal thrown as the error answer, so nothing is written. */
export function decided<T>(decision: Decision<T>): T {
  if (!decision.ok) throw refusalError(decision.refusal);
  return decision.value;
}

import type { CountryIssue } from '@taxfree/domain';
import { useEffect, useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import type { IssueFormValues } from '../model/tax-form-values';
import type { FieldName } from './fields';

/** The error type of a field marked by the country's rules, apart from the schema's own errors. */
const ELIGIBILITY_ERROR = 'eligibility';

/** The traveller's and purchase's fields a rule of the country can name, as the form holds them. */
const MARKED_FIELDS = new Set([
  'passport_expiry',
  'traveler_dob',
  'issued_govt',
  'residence_country',
  'residence_proof',
  'items',
  'invoice_date',
]);

/** The form field an issue names, if it is one the form shows. */
function fieldOf(issue: CountryIssue): FieldName | null {
  const [list, field] = issue.path;
  return list === 'taxform' && typeof field === 'string' && MARKED_FIELDS.has(field)
    ? (`taxform.${field}` as FieldName)
    : null;
}

/**
 * Marks the fields at fault of the rules not met: red, aria-invalid and the message beside the
 * field (the summary says it too). A field's own error (required, a bad date) speaks first; the
 * mark goes when the rule is met again. The schema's validation of a field clears the mark, which
 * is put back on the next render while the rule is still broken.
 */
export function useEligibilityFieldErrors(
  broken: readonly CountryIssue[],
  messageOf: (issue: CountryIssue) => string,
) {
  const { control, setError, clearErrors, getFieldState } = useFormContext<IssueFormValues>();
  // Reading the errors subscribes to them: a mark the schema cleared comes back on that render.
  void useFormState({ control, name: 'taxform' }).errors;
  const marked = useRef(new Set<FieldName>());
  const wanted = new Map<FieldName, string>();
  for (const issue of broken) {
    const field = fieldOf(issue);
    if (field && !wanted.has(field)) wanted.set(field, messageOf(issue));
  }

  // After every render: the errors object changes in place, so no dependency would notice it.
  useEffect(() => {
    for (const field of [...marked.current]) {
      if (wanted.has(field)) continue;
      marked.current.delete(field);
      if (getFieldState(field).error?.type === ELIGIBILITY_ERROR) clearErrors(field);
    }
    for (const [field, message] of wanted) {
      const current = getFieldState(field).error;
      if (current && current.type !== ELIGIBILITY_ERROR) continue;
      marked.current.add(field);
      if (current?.message !== message) setError(field, { type: ELIGIBILITY_ERROR, message });
    }
  });
}

import { canEdit, type FormState } from '../forms/lifecycle.rules.ts';
import type { TaxFormPayload } from '../forms/tax-form-payload.schema.ts';
import { keepStoredIfMasked } from '../payment/masked-details.rules.ts';
import { refuse, type Decision } from './decision.ts';
import { decideIssue, type FormToWrite, type IssueContext } from './decide-issue.ts';

/** The stored form an update is judged against, with its stored card and IBAN when asked. */
export type FormToUpdate = FormState & {
  /** Raised by every change of the form: an update, a cancellation, a stage, a new address. */
  version: number;
  storedCardNumber: () => string | null;
  storedIban: () => string | null;
};

export type UpdateContext = IssueContext & {
  /** The version the clerk's panel was opened at (If-Match); null or absent: not checked. */
  expectedVersion?: number | null;
};

/**
 * Whether a form's contents may be replaced, and with what. In order: the form is still the
 * version the clerk opened (FORM_CHANGED otherwise: someone changed it meanwhile, and saving would
 * silently undo their change); it may still be edited (issued, not cancelled, its export window
 * open: FORM_NOT_EDITABLE otherwise); then the rules of issuing (decideIssue). The panel shows the
 * stored card number and IBAN masked: sent back masked, they keep the stored ones.
 */
export function decideUpdate(
  form: FormToUpdate,
  sent: TaxFormPayload,
  context: UpdateContext,
): Decision<FormToWrite> {
  const expected = context.expectedVersion;
  if (expected != null && expected !== form.version) {
    return refuse('FORM_CHANGED', { params: { version: form.version } });
  }
  if (!canEdit(form, context.today)) return refuse('FORM_NOT_EDITABLE');
  const t = sent.taxform;
  return decideIssue(
    {
      ...sent,
      taxform: {
        ...t,
        acc_details: keepStoredIfMasked(t.acc_details, form.storedCardNumber),
        iban: keepStoredIfMasked(t.iban, form.storedIban),
      },
    },
    context,
  );
}

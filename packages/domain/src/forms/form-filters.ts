import { addDays } from './days.ts';
import { isExpired, type FormState } from './lifecycle.rules.ts';
import { FORM_STAGES, type FormListFilter } from './form-lists.ts';

/** "Export window closing": issued forms whose last export day is at most this many days away. */
export const EXPORT_CLOSING_DAYS = 7;

/** The calendar days a filter is judged by, as of the shop's `today` (yyyy-mm-dd). */
export function filterDays(today: string) {
  return {
    today,
    closingUntil: addDays(today, EXPORT_CLOSING_DAYS),
    monthStart: `${today.slice(0, 8)}01`,
  };
}

/**
 * Whether a form belongs under `filter` as of `today`. The server's SQL reads the same rules
 * (tests hold the two together): a cancelled form is only "cancelled"; an issued form past its
 * export deadline is "expired", not "issued"; "to refund" is validated or received, not yet paid.
 */
export function matchesFilter(form: FormState, filter: FormListFilter, today: string): boolean {
  const days = filterDays(today);
  const live = !form.cancelled;
  const deadline = form.exportDeadline ?? null;
  const [issued, validated, received, refunded] = FORM_STAGES;
  switch (filter) {
    case 'issued':
      return live && form.stage === issued && !isExpired(form, today);
    case 'validated':
      return live && form.stage === validated;
    case 'received':
      return live && form.stage === received;
    case 'refunded':
      return live && form.stage === refunded;
    case 'cancelled':
      return form.cancelled;
    case 'expired':
      return isExpired(form, today);
    case 'to_refund':
      return live && (form.stage === validated || form.stage === received);
    case 'export_closing':
      return (
        live &&
        form.stage === issued &&
        deadline !== null &&
        deadline >= days.today &&
        deadline <= days.closingUntil
      );
    case 'expired_this_month':
      return isExpired(form, today) && deadline !== null && deadline >= days.monthStart;
  }
}

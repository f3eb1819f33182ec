import { FORM_LIST_STAGES, matchesFilter, type TaxFormListItem } from '@taxfree/domain';
import { useShopToday } from './step-block';
import { useIsExpired } from './use-is-expired';

/** Where a form stands in the list: one of the stage filter's entries. */
export type ListStage = (typeof FORM_LIST_STAGES)[number];

type ListedForm = Pick<TaxFormListItem, 'status' | 'cancelled' | 'export_deadline' | 'expired'>;

/**
 * The stage filter entry that lists the form (the rule the server's SQL reads too), so that a
 * form's badge never disagrees with the filter beside it; null for a stage the portal does not
 * know. Expired as `useIsExpired` says: the server said so, or the deadline has passed since.
 */
export function useListStage(): (form: ListedForm) => ListStage | null {
  const isExpired = useIsExpired();
  const today = useShopToday();
  return (form) => {
    if (isExpired(form)) return 'expired';
    const state = {
      stage: form.status,
      cancelled: form.cancelled === '1',
      exportDeadline: form.export_deadline,
    };
    return FORM_LIST_STAGES.find((stage) => matchesFilter(state, stage, today)) ?? null;
  };
}

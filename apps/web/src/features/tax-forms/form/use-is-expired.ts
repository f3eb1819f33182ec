import { isExpired, type TaxFormListItem } from '@taxfree/domain';
import { useSession } from '@/hooks/use-session';
import { shopToday } from '@/lib/shop-day';

type ListedForm = Pick<TaxFormListItem, 'status' | 'cancelled' | 'export_deadline' | 'expired'>;

/**
 * Whether a listed form has expired: the server says so, or its export deadline has passed in the
 * shop's time zone since the list was loaded.
 */
export function useIsExpired(): (form: ListedForm) => boolean {
  const session = useSession();
  const today = shopToday(session?.country ?? '');
  return (form) =>
    form.expired ||
    isExpired(
      {
        stage: form.status,
        cancelled: form.cancelled === '1',
        exportDeadline: form.export_deadline,
      },
      today,
    );
}

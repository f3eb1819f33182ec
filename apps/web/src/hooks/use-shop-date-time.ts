import { useCallback } from 'react';
import { formatDateTime } from '@/lib/format';
import { shopTimeZone } from '@/lib/shop-day';
import { useSession } from './use-session';

/**
 * Writes a moment (a sign-in, a key's last use, a delivery) as the shop's clock reads it, in the
 * interface language: the same clock as the forms' status history, whatever the zone of the
 * computer at the counter or in the back office.
 */
export function useShopDateTime(): (value: string | Date) => string {
  const country = useSession()?.country ?? '';
  const timeZone = shopTimeZone(country);
  return useCallback((value: string | Date) => formatDateTime(value, timeZone), [timeZone]);
}

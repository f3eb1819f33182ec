import { addDays, dayIn } from '../forms/days.ts';
import { zonedIsoTime } from '../receipts/zoned-time.ts';

/**
 * When a key given `expiresOn` (its last working day, yyyy-mm-dd, on the shop's calendar) stops
 * working: the midnight that ends that day in the shop's time zone. Null without a last day.
 * A last day already past is refused (`keyExpiryPast`, a key of the `validation` catalogue).
 */
export function apiKeyExpiry(
  expiresOn: string | null | undefined,
  timeZone: string,
  now: Date = new Date(),
): { ok: true; expiresAt: Date | null } | { ok: false; message: 'keyExpiryPast' } {
  if (!expiresOn) return { ok: true, expiresAt: null };
  if (expiresOn < dayIn(timeZone, now)) return { ok: false, message: 'keyExpiryPast' };
  const [year, month, day] = addDays(expiresOn, 1).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const end = zonedIsoTime(timeZone, { year, month, day, hour: 0, minute: 0, second: 0 });
  return { ok: true, expiresAt: new Date(end!) };
}

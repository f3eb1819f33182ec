import { dayIn, DEFAULT_COUNTRY_RULES, findCountryRules } from '@taxfree/domain';

/** Where a shop whose country has no rules of its own counts its days: the portal's first market. */
export const DEFAULT_SHOP_TIME_ZONE = DEFAULT_COUNTRY_RULES.timeZone;

/** The time zone a shop in `country` (ISO 3166-1 alpha-2) counts its days in, as the server does. */
export function shopTimeZone(country: string): string {
  return findCountryRules(country)?.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
}

/** Today (yyyy-mm-dd) for a shop in `country`, whatever the zone of the counter's computer. */
export function shopToday(country: string, at: Date = new Date()): string {
  return dayIn(shopTimeZone(country), at);
}

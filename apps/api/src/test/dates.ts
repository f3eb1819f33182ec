/**
 * The shop's calendar day (yyyy-mm-dd) at an instant, now by default. The server counts days where
 * the shop is (companies.time_zone), so a test that takes "today" from UTC or from the machine's
 * zone is a day off for an hour or more every night, or all day in a far zone.
 */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

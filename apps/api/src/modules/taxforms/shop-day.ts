/**
 * The calendar day (yyyy-mm-dd) of an instant where the shop is, now by default: a form issued at
 * half past midnight in Zagreb is dated that day, not the day before as UTC has it.
 */
export function shopDay(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

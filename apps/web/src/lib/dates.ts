/** MySQL-style zero dates the API may still carry for "no date". */
const ZERO_DATES = new Set(['0000-00-00', '0000-00-00 00:00:00', '0000-00-00T00:00:00']);

/** The date as stored, or '' when it stands for "no date" (SPEC 3: 0000-00-00 counts as empty). */
export function readDate(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  return ZERO_DATES.has(trimmed) ? '' : trimmed;
}

export function isEmptyDate(value: string | null | undefined): boolean {
  return readDate(value) === '';
}

import { describe, expect, it } from 'vitest';
import { reportPeriodRefusal } from './report-period.rules.ts';

describe('a report period', () => {
  it('runs from a day to the same day or later, for at most a year', () => {
    expect(reportPeriodRefusal('2026-11-01', '2026-11-01')).toBeNull();
    expect(reportPeriodRefusal('2024-01-01', '2024-12-31')).toBeNull();
    // 2024 is a leap year: its first day to the next year's first day is 366 days on.
    expect(reportPeriodRefusal('2024-01-01', '2025-01-01')).toBeNull();
    expect(reportPeriodRefusal('2024-01-01', '2025-01-02')).toBe('periodTooLong');
    expect(reportPeriodRefusal('2024-01-01', '2026-12-01')).toBe('periodTooLong');
    expect(reportPeriodRefusal('2026-12-01', '2026-11-01')).toBe('periodReversed');
    expect(reportPeriodRefusal('2026-11-1', '2026-11-25')).toBe('dateInvalid');
    expect(reportPeriodRefusal('2026-02-30', '2026-03-01')).toBe('dateInvalid');
  });
});

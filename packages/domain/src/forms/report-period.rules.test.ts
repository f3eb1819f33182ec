import { describe, expect, it } from 'vitest';
import { reportPeriodProblem } from './report-period.rules.ts';

const message = (from: string, to: string) => reportPeriodProblem(from, to)?.message ?? null;

describe('a report period', () => {
  it('runs from a day to the same day or later, for at most a year', () => {
    expect(message('2026-11-01', '2026-11-01')).toBeNull();
    expect(message('2024-01-01', '2024-12-31')).toBeNull();
    expect(message('2025-03-15', '2026-03-14')).toBeNull();
    expect(message('2024-02-29', '2025-02-28')).toBeNull();
    expect(message('2024-01-01', '2025-01-01')).toBe('periodTooLong');
    expect(message('2025-01-01', '2026-01-02')).toBe('periodTooLong');
    expect(message('2024-02-29', '2025-03-01')).toBe('periodTooLong');
    expect(message('2024-01-01', '2026-12-01')).toBe('periodTooLong');
    expect(reportPeriodProblem('2026-12-01', '2026-11-01')).toEqual({
      field: 'to',
      message: 'periodReversed',
    });
  });

  it('names the end that is no day', () => {
    expect(reportPeriodProblem('2026-02-30', '2026-03-01')).toEqual({
      field: 'from',
      message: 'dateInvalid',
    });
    expect(reportPeriodProblem('2026-11-01', '2026-11-1')).toEqual({
      field: 'to',
      message: 'dateInvalid',
    });
  });
});

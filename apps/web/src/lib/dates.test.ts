import { describe, expect, it } from 'vitest';
import { isEmptyDate, readDate } from './dates';

describe('readDate', () => {
  it('reads 0000-00-00 (with or without a time) as empty', () => {
    expect(readDate('0000-00-00')).toBe('');
    expect(readDate('0000-00-00 00:00:00')).toBe('');
    expect(isEmptyDate('0000-00-00')).toBe(true);
  });

  it('reads missing values as empty', () => {
    expect(readDate(null)).toBe('');
    expect(readDate(undefined)).toBe('');
    expect(readDate('  ')).toBe('');
    expect(isEmptyDate(undefined)).toBe(true);
  });

  it('keeps real dates as they are', () => {
    expect(readDate('2025-01-31')).toBe('2025-01-31');
    expect(isEmptyDate('2025-01-31')).toBe(false);
  });
});

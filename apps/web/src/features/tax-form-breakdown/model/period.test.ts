import { describe, expect, it } from 'vitest';
import { shopToday } from '@/lib/shop-day';
import { lastMonth, thisMonth } from './period';

describe('the breakdown period', () => {
  it('runs from the first of the shop’s month to the shop’s today', () => {
    expect(thisMonth('2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(lastMonth('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('takes its day from the shop’s time zone, not the computer’s', () => {
    // 23:30 UTC on 30 November is already 1 December in Zagreb: a new month there.
    const today = shopToday('HR', new Date('2026-11-30T23:30:00Z'));
    expect(thisMonth(today)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(lastMonth(today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
});

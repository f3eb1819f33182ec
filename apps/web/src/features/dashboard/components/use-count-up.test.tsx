import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/test/media-query';
import { COUNT_STEP_MS, useCountUp } from './use-count-up';

function prefersReducedMotion(isReduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, isReduced && query.includes('prefers-reduced-motion')),
  );
}

function step(times = 1) {
  for (let i = 0; i < times; i += 1) {
    act(() => {
      vi.advanceTimersByTime(COUNT_STEP_MS);
    });
  }
}

describe('useCountUp', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts up from 0 by one every 10 ms and stops at the value', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountUp(5));
    expect(result.current).toBe(0);
    step();
    expect(result.current).toBe(1);
    step(3);
    expect(result.current).toBe(4);
    step(10);
    expect(result.current).toBe(5);
  });

  it('takes bigger steps for a big value, reaching it within 200 steps', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountUp(1_000));
    step();
    expect(result.current).toBe(5);
    step(199);
    expect(result.current).toBe(1_000);
  });

  it('shows the value at once to people who ask for less motion', () => {
    prefersReducedMotion(true);
    const { result } = renderHook(() => useCountUp(42));
    expect(result.current).toBe(42);
  });

  it('stays at 0 for a value of 0', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountUp(0));
    step(5);
    expect(result.current).toBe(0);
  });
});

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawnInSlices } from './use-drawn-in-slices';

describe('useDrawnInSlices', () => {
  it('is true at once when ready from the first render', () => {
    const { result } = renderHook(() => useDrawnInSlices(true));
    expect(result.current).toBe(true);
  });

  it('turns true after its readiness comes, in a transition, and stays true', async () => {
    const { result, rerender } = renderHook(({ ready }) => useDrawnInSlices(ready), {
      initialProps: { ready: false },
    });
    expect(result.current).toBe(false);
    await act(async () => rerender({ ready: true }));
    expect(result.current).toBe(true);
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});

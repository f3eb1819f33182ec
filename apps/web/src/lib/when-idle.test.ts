import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs the task when the browser says it is idle, not before', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 7;
    });
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    idle?.();
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits a moment where the browser cannot say, and can be called off', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.stubGlobal('cancelIdleCallback', undefined);
    vi.useFakeTimers();
    const kept = vi.fn();
    const dropped = vi.fn();
    whenIdle(kept);
    const cancel = whenIdle(dropped);
    cancel();
    expect(kept).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(kept).toHaveBeenCalledOnce();
    expect(dropped).not.toHaveBeenCalled();
  });
});

import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS, useSessionWatcher } from './use-session-watcher';

describe('useSessionWatcher', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.location.hash = '';
  });

  it('ends the session within a second once its cookie is gone', () => {
    vi.useFakeTimers();
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('companyId', '7');
    renderHook(() => useSessionWatcher());

    vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);

    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('leaves a live session alone', () => {
    vi.useFakeTimers();
    localStorage.setItem('authToken', 'tok');
    document.cookie = 'authToken=tok; path=/';
    renderHook(() => useSessionWatcher());

    vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS * 3);

    expect(localStorage.getItem('authToken')).toBe('tok');
  });
});

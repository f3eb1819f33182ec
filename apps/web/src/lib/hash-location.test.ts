import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startAt } from '@/test/router';
import {
  hasEarlierScreen,
  navigate,
  useHashLocation,
  useHashSearch,
  useRouteState,
} from './hash-location';

function renderLocation() {
  return renderHook(() => ({
    path: useHashLocation()[0],
    search: useHashSearch(),
    state: useRouteState(),
  }));
}

describe('the address after the #', () => {
  it('keeps the query after the #, where the addresses the app gave out have it', () => {
    startAt('/refundForms?panel=issue');
    const { result } = renderLocation();
    expect(result.current).toEqual({ path: '/refundForms', search: '?panel=issue', state: null });

    act(() => navigate('/home?stage=to_refund'));
    expect(window.location.hash).toBe('#/home?stage=to_refund');
    expect(window.location.search).toBe('');
    expect(result.current.path).toBe('/home');
    expect(result.current.search).toBe('?stage=to_refund');
  });

  it('changes only the query for an address that starts with ?, and leaves no bare ?', () => {
    startAt('/refundForms?search=Ana');
    const { result } = renderLocation();
    act(() => navigate('?search=Ana&form=12'));
    expect(window.location.hash).toBe('#/refundForms?search=Ana&form=12');
    act(() => navigate('?'));
    expect(window.location.hash).toBe('#/refundForms');
    expect(result.current.search).toBe('');
  });

  it('hands the next screen what it is given, and counts the screens before', () => {
    startAt('/profile');
    expect(hasEarlierScreen()).toBe(false);
    const { result } = renderLocation();

    act(() => navigate('/login', { state: { notice: 'Saved' } }));
    expect(result.current.state).toEqual({ notice: 'Saved' });
    expect(hasEarlierScreen()).toBe(true);

    // Replacing an entry keeps its place: still one screen before it.
    act(() => navigate('/', { replace: true }));
    expect(result.current.state).toBeNull();
    expect(hasEarlierScreen()).toBe(true);
    act(() => navigate('/home', { replace: true }));
    expect(window.history.length).toBeGreaterThan(1);
    expect(hasEarlierScreen()).toBe(true);
  });

  it('goes back as the browser does, in a task of its own', async () => {
    startAt('/refundForms');
    const { result } = renderLocation();
    act(() => navigate('/gallery'));
    expect(result.current.path).toBe('/gallery');
    act(() => navigate(-1));
    await vi.waitFor(() => expect(result.current.path).toBe('/refundForms'));
  });
});

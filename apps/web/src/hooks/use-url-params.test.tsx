import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { startAt, TestRouter } from '@/test/router';
import { useHashSearch } from '@/lib/hash-location';
import { useUrlParams } from './use-url-params';

function renderAt(route: string) {
  startAt(route);
  return renderHook(
    () => {
      const [params, update] = useUrlParams();
      return { params, update, search: useHashSearch() };
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => <TestRouter>{children}</TestRouter>,
    },
  );
}

describe('changing the URL parameters', () => {
  it('keeps both of two changes made before the router renders either', () => {
    const { result } = renderAt('/forms?stage=issued');
    act(() => {
      result.current.update((params) => params.set('search', 'Ana'), { replace: true });
      result.current.update((params) => {
        params.set('form', '12');
        params.set('panel', 'status');
      });
    });
    expect(result.current.search).toBe('?stage=issued&search=Ana&form=12&panel=status');
    expect(result.current.params.get('panel')).toBe('status');
  });

  it('removes a parameter and leaves the others', () => {
    const { result } = renderAt('/status?barcode=1&lang=hr');
    act(() => result.current.update((params) => params.delete('lang')));
    expect(result.current.search).toBe('?barcode=1');
  });
});

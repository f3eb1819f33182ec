import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { latestSearch, navigate, useSearchParams, type NavigateOptions } from '@/lib/hash-location';

export type UpdateUrlParams = (
  change: (params: URLSearchParams) => void,
  options?: NavigateOptions,
) => void;

/**
 * The URL's query parameters, and a way to change some of them that starts from the URL as it is
 * now, not as it was at the last render: of two changes made close together (a typed search
 * reaching the URL as a row's panel opens), the second must not undo the first. A change made for
 * a page the user has already left is dropped.
 */
export function useUrlParams(): [URLSearchParams, UpdateUrlParams] {
  const params = useSearchParams();
  const [pathname] = useLocation();

  const update = useCallback<UpdateUrlParams>(
    (change, options) => {
      const latest = latestSearch();
      if (latest.path !== pathname) return;
      const updated = new URLSearchParams(latest.search);
      change(updated);
      navigate(`?${updated}`, options);
    },
    [pathname],
  );
  return [params, update];
}

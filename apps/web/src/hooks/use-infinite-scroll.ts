import { useEffect, useLayoutEffect, useRef, useState } from 'react';

type InfiniteScrollOptions = {
  /** How many items are loaded: after each new page, whether to go on is decided afresh. */
  loadedCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Stable between renders (a new function re-arms the observer). */
  fetchNextPage: () => unknown;
  /** False pauses loading, e.g. after a failed page, so it is not asked for again and again. */
  isEnabled?: boolean;
  /** How early to start, before the end of the list is actually on screen. */
  rootMargin?: string;
};

/**
 * Infinite scroll (SPEC 4, "Lists"): returns a ref for a sentinel placed after the list; when
 * the sentinel comes into view and more pages exist, the next page is requested.
 *
 * The observer only exists while a next page may be asked for, and is made anew after each
 * page: its first report then says whether the sentinel is still in view with the new rows laid
 * out, so a tall window fills up, and a stale "in view" from before the rows arrived never
 * triggers a page nobody scrolled to. Nor does a report that comes after the list changed under
 * it (another branch's or search's first page on its way, the rows gone): the observer's
 * disconnection waits for the effects, the report may not, and whether to load is read as of the
 * last drawing.
 */
export function useInfiniteScroll({
  loadedCount,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  isEnabled = true,
  rootMargin = '0px',
}: InfiniteScrollOptions) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const canLoad = isEnabled && hasNextPage && !isFetchingNextPage;
  const mayLoadNow = useRef(canLoad);
  useLayoutEffect(() => {
    mayLoadNow.current = canLoad;
  });

  useEffect(() => {
    if (!sentinel || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!mayLoadNow.current || !entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage();
      },
      { rootMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, canLoad, loadedCount, fetchNextPage, rootMargin]);

  return setSentinel;
}

import { useMemo, useSyncExternalStore } from 'react';

/**
 * The app's address, after the `#` and with its query there too (`/#/refundForms?panel=issue`,
 * SPEC 2), as wouter's location hooks read it. wouter's own hash location writes the query
 * before the `#`, which would change every address the app has given out.
 *
 * Each entry of the tab's history holds `{ usr, idx }`: what a screen hands the next (a notice,
 * where to return after signing in) and how many screens of the app came before it.
 */
export type NavigateOptions = { replace?: boolean; state?: unknown };

type Entry = { usr: unknown; idx: number };

let listeners: Array<() => void> = [];

const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  if (listeners.push(listener) === 1) {
    addEventListener('hashchange', notify);
    addEventListener('popstate', notify);
  }
  return () => {
    listeners = listeners.filter((other) => other !== listener);
    if (listeners.length > 0) return;
    removeEventListener('hashchange', notify);
    removeEventListener('popstate', notify);
  };
}

/** `/path?query` as written after the `#` ('/' when there is none). */
const hashAddress = () => '/' + window.location.hash.replace(/^#?\/?/, '');

const currentPath = () => hashAddress().split('?')[0] ?? '/';

const currentSearch = () => {
  const address = hashAddress();
  const at = address.indexOf('?');
  return at < 0 ? '' : address.slice(at);
};

function currentEntry(): Entry {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return { usr: null, idx: 0 };
  const { usr = null, idx } = state as Partial<Entry>;
  return { usr, idx: typeof idx === 'number' ? idx : 0 };
}

/**
 * Goes to an address of the app (`/home`, `/refundForms?stage=2`, or `?stage=2` for the query of
 * the page shown), or back and forth in the tab's history with a number.
 */
export function navigate(to: string | number, { replace = false, state }: NavigateOptions = {}) {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  // An empty query leaves no `?` behind.
  const address = (to.startsWith('?') ? currentPath() + to : to).replace(/\?$/, '');
  const url = new URL(window.location.href);
  url.hash = '/' + address.replace(/^#?\/?/, '');
  const { idx } = currentEntry();
  const entry: Entry = { usr: state ?? null, idx: replace ? idx : idx + 1 };
  if (replace) window.history.replaceState(entry, '', url);
  else window.history.pushState(entry, '', url);
  notify();
}

/** The path shown, for wouter's `Router hook`. */
export function useHashLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath), navigate];
}
useHashLocation.hrefs = (href: string) => `#${href}`;

/** The query of the address shown (`?a=1`, or ''), for wouter's `Router searchHook`. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch);
}

/** What the screen before handed this one (`navigate(to, { state })`), or null. */
export function useRouteState(): unknown {
  return useSyncExternalStore(subscribe, () => currentEntry().usr);
}

/** Whether the tab showed another screen of the app before this one. */
export function hasEarlierScreen(): boolean {
  return currentEntry().idx > 0;
}

/** The latest query, read when it is needed rather than from the last render. */
export function latestSearch(): { path: string; search: string } {
  return { path: currentPath(), search: currentSearch() };
}

/** The query of the address shown, parsed. */
export function useSearchParams(): URLSearchParams {
  const search = useHashSearch();
  return useMemo(() => new URLSearchParams(search), [search]);
}

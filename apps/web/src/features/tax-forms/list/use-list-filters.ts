import { useDebouncedValue } from '@mantine/hooks';
import { FORM_LIST_FILTERS, type FormListFilter } from '@taxfree/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';

/** Typing pauses this long before the list is searched (SPEC 9). */
export const SEARCH_DEBOUNCE_MS = 500;

export const SEARCH_PARAM = 'search';
export const STAGE_PARAM = 'stage';

/** The stage filter the URL names (`?stage=to_refund`); an unknown one is no filter. */
export function readStage(params: URLSearchParams): FormListFilter | undefined {
  const stage = params.get(STAGE_PARAM);
  return (FORM_LIST_FILTERS as readonly (string | null)[]).includes(stage)
    ? (stage as FormListFilter)
    : undefined;
}

function setParam(params: URLSearchParams, name: string, value: string | undefined) {
  if (value) params.set(name, value);
  else params.delete(name);
}

/**
 * The list's search and stage filter, kept in the URL (`?search=ana&stage=issued`) so that a
 * filtered list can be linked to (Home's worklist does), survives a reload and comes back with
 * Back. The search box answers every keystroke; the URL, and so the list, takes the words once
 * typing pauses, replacing its entry so that Back does not step through keystrokes.
 */
export function useListFilters() {
  const [params, updateParams] = useUrlParams();
  const urlSearch = params.get(SEARCH_PARAM) ?? '';
  const stage = readStage(params);

  const [search, setSearch] = useState(urlSearch);
  const [settled] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A search the URL brings (Back, a link) replaces what the box holds. The words the box itself
  // settled on do not: the router takes them in a transition, which can commit after further
  // keystrokes, and those must not be taken back.
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    if (urlSearch.trim() !== settled) setSearch(urlSearch);
  }

  const lastSettled = useRef(settled);
  useEffect(() => {
    // Only words the user typed go to the URL: a search the URL brought is already there.
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled === urlSearch.trim()) return;
    updateParams((updated) => setParam(updated, SEARCH_PARAM, settled), { replace: true });
  }, [settled, urlSearch, updateParams]);

  const setStage = useCallback(
    (next: FormListFilter | undefined) =>
      updateParams((updated) => setParam(updated, STAGE_PARAM, next)),
    [updateParams],
  );

  return { search, setSearch, query: { search: urlSearch.trim(), stage }, stage, setStage };
}

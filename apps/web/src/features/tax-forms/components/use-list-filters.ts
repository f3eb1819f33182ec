import { useDebouncedValue } from '@mantine/hooks';
import { FORM_LIST_FILTERS, type FormListFilter } from '@taxfree/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

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

function withParam(current: URLSearchParams, name: string, value: string | undefined) {
  const updated = new URLSearchParams(current);
  if (value) updated.set(name, value);
  else updated.delete(name);
  return updated;
}

/**
 * The list's search and stage filter, kept in the URL (`?search=ana&stage=issued`) so that a
 * filtered list can be linked to (Home's worklist does), survives a reload and comes back with
 * Back. The search box answers every keystroke; the URL, and so the list, takes the words once
 * typing pauses, replacing its entry so that Back does not step through keystrokes.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get(SEARCH_PARAM) ?? '';
  const stage = readStage(params);

  const [search, setSearch] = useState(urlSearch);
  // A search the URL brings (Back, a link) replaces what the box holds.
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    setSearch(urlSearch);
  }

  const [settled] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const lastSettled = useRef(settled);
  useEffect(() => {
    // Only words the user typed go to the URL: a search the URL brought is already there.
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled === urlSearch.trim()) return;
    setParams((current) => withParam(current, SEARCH_PARAM, settled), { replace: true });
  }, [settled, urlSearch, setParams]);

  const setStage = useCallback(
    (next: FormListFilter | undefined) =>
      setParams((current) => withParam(current, STAGE_PARAM, next)),
    [setParams],
  );

  return { search, setSearch, query: { search: urlSearch.trim(), stage }, stage, setStage };
}

import { useEffect, useEffectEvent, useRef } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';
import { HIGHLIGHT_PARAM } from '@/lib/address-params';

/** How long the mark stays once the list that shows it has loaded. */
export const HIGHLIGHT_MS = 6000;

function readHighlight(params: URLSearchParams): number | null {
  const id = Number(params.get(HIGHLIGHT_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

type HighlightOptions = {
  /** The list's search and stage, as one value: when it changes, the mark has served. */
  listKey: string;
  /** Whether the list has loaded: the time runs from then, not while the new form is on its way. */
  isSettled: boolean;
};

/**
 * The id of the form to mark, or null. The mark leaves the URL (replacing its entry, so Back does
 * not bring it back) a few seconds after the list has loaded, or as soon as the search or the
 * stage filter changes.
 */
export function useHighlightedForm({ listKey, isSettled }: HighlightOptions): number | null {
  const [params, updateParams] = useUrlParams();
  const highlight = readHighlight(params);

  const drop = useEffectEvent(() =>
    updateParams((updated) => updated.delete(HIGHLIGHT_PARAM), { replace: true }),
  );

  useEffect(() => {
    if (highlight === null || !isSettled) return;
    const timer = setTimeout(drop, HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight, isSettled]);

  // The list the mark arrived on.
  const markedOn = useRef<{ id: number; listKey: string } | null>(null);
  useEffect(() => {
    if (highlight === null) {
      markedOn.current = null;
    } else if (markedOn.current?.id !== highlight) {
      markedOn.current = { id: highlight, listKey };
    } else if (markedOn.current.listKey !== listKey) {
      drop();
    }
  }, [highlight, listKey]);

  return highlight;
}

/** Brings the marked row or card into view as it reaches the page. */
export function revealMarked(element: HTMLElement | null) {
  if (!element) return;
  const isReduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ block: 'center', behavior: isReduced ? 'auto' : 'smooth' });
}

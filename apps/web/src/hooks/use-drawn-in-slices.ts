import { startTransition, useEffect, useState } from 'react';

/**
 * True once `ready` is, for good. When `ready` comes later than the first render (its data arrived),
 * it turns true in a transition: the large part it guards is then drawn by React in slices of a few
 * milliseconds with the browser's turn between them, rather than in one task that holds a phone's
 * processor for most of a second. Ready from the first render, it is true at once.
 */
export function useDrawnInSlices(ready: boolean): boolean {
  const [drawn, setDrawn] = useState(ready);
  useEffect(() => {
    if (ready && !drawn) startTransition(() => setDrawn(true));
  }, [ready, drawn]);
  return drawn;
}

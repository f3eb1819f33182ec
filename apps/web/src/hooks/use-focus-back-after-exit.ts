import { useCallback, useEffect, useRef } from 'react';

/**
 * The drawer's `onExitTransitionEnd` for a panel whose content may take the focus late. Mantine
 * gives the focus back to the opener 10 ms after closing, unless the focus moved meanwhile: a
 * form whose data arrives as the panel closes (its scan box focuses itself) keeps it, and the
 * keyboard user is left on the page's body once the panel is gone. Once the panel has left, the
 * focus goes back to what was focused when it opened, if nothing else holds it.
 */
export function useFocusBackAfterExit(opened: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (opened && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [opened]);

  return useCallback(() => {
    // The panel's content is removed in the render that follows the end of the transition.
    setTimeout(() => {
      const focused = document.activeElement;
      const isLost = focused === null || focused === document.body;
      if (isLost && opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    });
  }, []);
}

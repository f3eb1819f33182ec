import { useCallback } from 'react';
import { hasEarlierScreen, navigate } from '@/lib/hash-location';

/**
 * For an edit page (`/profile`, `/shopUpdate`): once saved, back to the screen the user came
 * from, as the side panel the page replaced did (the issue panel that sent the clerk to fill in
 * the shop's legal identity, say). Answers false, and stays, when the page was the first screen
 * of the tab (a bookmark, a reload): there is nothing of the app to go back to.
 */
export function useReturnAfterSave(): () => boolean {
  return useCallback(() => {
    if (!hasEarlierScreen()) return false;
    navigate(-1);
    return true;
  }, []);
}

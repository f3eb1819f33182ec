import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Whether the tab showed another screen of the app before this one. The router numbers its
 * entries in the browser's history: a tab switch that replaced the entry gave it a new key, yet
 * it is still the first. Without that number (a router kept in memory), a first entry is the
 * one with the default key.
 */
function hasEarlierScreen(key: string): boolean {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : null;
  return typeof index === 'number' ? index > 0 : key !== 'default';
}

/**
 * For an edit page (`/profile`, `/shopUpdate`): once saved, back to the screen the user came
 * from, as the side panel the page replaced did (the issue panel that sent the clerk to fill in
 * the shop's legal identity, say). Answers false, and stays, when the page was the first screen
 * of the tab (a bookmark, a reload): there is nothing of the app to go back to.
 */
export function useReturnAfterSave(): () => boolean {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (!hasEarlierScreen(key)) return false;
    void navigate(-1);
    return true;
  }, [key, navigate]);
}

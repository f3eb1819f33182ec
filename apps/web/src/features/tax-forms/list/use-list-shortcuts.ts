import { useHotkeys } from '@mantine/hooks';
import type { RefObject } from 'react';

/** The keys, as `aria-keyshortcuts` names them and as the hints show them. */
export const ISSUE_SHORTCUT = { aria: 'N Alt+N', shown: 'N' } as const;
export const SEARCH_SHORTCUT = { aria: '/', shown: '/' } as const;

/**
 * Whether a shortcut may act: not while a panel, dialog or open menu has the keys, nor again
 * while the key is held down.
 */
function isFree(event: KeyboardEvent): boolean {
  return (
    !event.repeat &&
    document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') === null
  );
}

type ListShortcuts = {
  onIssue: () => void;
  searchRef: RefObject<HTMLInputElement | null>;
};

/**
 * `n` (or Alt+N) opens a new form and `/` goes to the search box. Mantine's hook already leaves
 * keys typed into a field alone.
 */
export function useListShortcuts({ onIssue, searchRef }: ListShortcuts) {
  const issue = (event: KeyboardEvent) => {
    if (!isFree(event)) return;
    event.preventDefault();
    onIssue();
  };
  const search = (event: KeyboardEvent) => {
    if (!isFree(event)) return;
    event.preventDefault();
    searchRef.current?.focus();
    searchRef.current?.select();
  };
  // Only a key that acts is kept from the page: the hook's own preventDefault would swallow one
  // typed into a panel too.
  const options = { preventDefault: false };
  useHotkeys([
    ['n', issue, options],
    // Alt changes the character on a Mac (Alt+N types "˜"): the key is matched by its place.
    ['alt+n', issue, { ...options, usePhysicalKeys: true }],
    ['/', search, options],
    // Where "/" takes Shift (Shift+7 on a German keyboard).
    ['shift+/', search, options],
  ]);
}

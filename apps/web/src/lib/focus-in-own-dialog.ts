/**
 * Focuses `element` unless the focus has left the dialog it sits in. A panel's content whose data
 * arrives as the panel closes must not take the focus back from the button the panel returned it
 * to: the content is gone a moment later, and the keyboard user would be left on the page's body.
 * Outside a dialog, or with the focus nowhere, it simply focuses.
 */
export function focusInOwnDialog(element: HTMLElement | null): void {
  if (!element) return;
  const dialog = element.closest('[role="dialog"]');
  const focused = document.activeElement;
  const isElsewhere =
    dialog !== null && focused !== null && focused !== document.body && !dialog.contains(focused);
  if (!isElsewhere) element.focus();
}

import { useMemo } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';
import type { SavedForm } from '../api/issue-form-api';

/**
 * The refund form list's URL parameters the panel steers (the list's own feature reads them):
 * the open panel and its form, and the form the list marks as just saved.
 */
const PANEL = 'panel';
const FORM = 'form';
const HIGHLIGHT = 'highlight';

/** From the panel over the list: mark a saved form, send it by e-mail, start a new one. */
export function useListLinks() {
  const [, updateParams] = useUrlParams();
  return useMemo(
    () => ({
      highlight: (saved: SavedForm) =>
        updateParams((params) => params.set(HIGHLIGHT, String(saved.id)), { replace: true }),
      mail: (saved: SavedForm) =>
        updateParams((params) => {
          params.set(FORM, String(saved.id));
          params.set(PANEL, 'mail');
        }),
      newForm: () =>
        updateParams((params) => {
          params.delete(FORM);
          params.set(PANEL, 'issue');
        }),
    }),
    [updateParams],
  );
}

/** The list with a saved form's Send panel open, from a page outside the list. */
export function mailPanelPath(saved: SavedForm): string {
  return `/refundForms?${new URLSearchParams({ [FORM]: String(saved.id), [PANEL]: 'mail', [HIGHLIGHT]: String(saved.id) })}`;
}

import type { TaxFormListItem } from '@taxfree/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** What a row's Action menu opens; each becomes a side panel named in the URL. */
export const FORM_PANELS = ['edit', 'status', 'print', 'cancel'] as const;
export type FormPanel = (typeof FORM_PANELS)[number];

export const FORM_PARAM = 'form';
export const PANEL_PARAM = 'panel';
/** The Issue Form panel, which belongs to no listed form (`?panel=issue`). */
export const ISSUE_PANEL = 'issue';

export type FormActionHandler = (panel: FormPanel, form: TaxFormListItem) => void;

function isFormPanel(value: string | null): value is FormPanel {
  return (FORM_PANELS as readonly (string | null)[]).includes(value);
}

/**
 * The open panel lives in the URL (`?form=12&panel=status`), react-admin style: a panel can be
 * linked to, survives a reload, and Back closes it.
 */
export function useFormPanel() {
  const [params, setParams] = useSearchParams();
  const panel = params.get(PANEL_PARAM);
  const formId = Number(params.get(FORM_PARAM));

  const open = useCallback<FormActionHandler>(
    (next, form) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set(FORM_PARAM, String(form.id));
        updated.set(PANEL_PARAM, next);
        return updated;
      }),
    [setParams],
  );

  const openIssue = useCallback(
    () =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete(FORM_PARAM);
        updated.set(PANEL_PARAM, ISSUE_PANEL);
        return updated;
      }),
    [setParams],
  );

  const close = useCallback(
    () =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete(FORM_PARAM);
        updated.delete(PANEL_PARAM);
        return updated;
      }),
    [setParams],
  );

  return {
    panel: isFormPanel(panel) ? panel : null,
    formId: Number.isInteger(formId) && formId > 0 ? formId : null,
    open,
    openIssue,
    close,
  };
}

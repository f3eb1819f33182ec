import type { FormStage, TaxFormListItem } from '@taxfree/domain';
import { useCallback } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';
import { FORM_PARAM, PANEL_PARAM } from '@/lib/address-params';

/** What a row's Action menu opens; each becomes a side panel named in the URL. */
export const FORM_PANELS = [
  'edit',
  'status',
  'print',
  'cancel',
  'validation',
  'receipt',
  'refund',
  'mail',
] as const;
export type FormPanel = (typeof FORM_PANELS)[number];

/** The stages recorded after the counter, and the panel that records each. */
export type RecordedStage = Exclude<FormStage, 'FORM_SUBMITTED'>;
export const STAGE_PANELS = {
  FORM_VALIDATED: 'validation',
  FORM_COLLECTED: 'receipt',
  FORM_REFUNDED: 'refund',
} as const satisfies Record<RecordedStage, FormPanel>;
export type StagePanel = (typeof STAGE_PANELS)[RecordedStage];
export const PANEL_STAGES = {
  validation: 'FORM_VALIDATED',
  receipt: 'FORM_COLLECTED',
  refund: 'FORM_REFUNDED',
} as const satisfies Record<StagePanel, RecordedStage>;

export function isStagePanel(panel: string | null): panel is StagePanel {
  return panel !== null && panel in PANEL_STAGES;
}

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
  const [params, updateParams] = useUrlParams();
  const panel = params.get(PANEL_PARAM);
  const formId = Number(params.get(FORM_PARAM));

  const open = useCallback<FormActionHandler>(
    (next, form) =>
      updateParams((updated) => {
        updated.set(FORM_PARAM, String(form.id));
        updated.set(PANEL_PARAM, next);
      }),
    [updateParams],
  );

  const openIssue = useCallback(
    () =>
      updateParams((updated) => {
        updated.delete(FORM_PARAM);
        updated.set(PANEL_PARAM, ISSUE_PANEL);
      }),
    [updateParams],
  );

  const close = useCallback(
    () =>
      updateParams((updated) => {
        updated.delete(FORM_PARAM);
        updated.delete(PANEL_PARAM);
      }),
    [updateParams],
  );

  return {
    panel: isFormPanel(panel) ? panel : null,
    formId: Number.isInteger(formId) && formId > 0 ? formId : null,
    open,
    openIssue,
    close,
  };
}

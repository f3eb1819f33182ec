import { Suspense, useCallback, useEffect } from 'react';
import { useOnceTrue } from '@/hooks/use-once-true';
import { useUrlParams } from '@/hooks/use-url-params';
import { FORM_PARAM, PANEL_PARAM } from '@/lib/address-params';
import { whenIdle } from '@/lib/when-idle';
import * as Screens from './lazy-screens';

/** Which form the Issue / Update drawer shows: 'new', a form id, or null when it is closed. */
export function issuePanelTarget(params: URLSearchParams): 'new' | number | null {
  const panel = params.get(PANEL_PARAM);
  if (panel === 'issue') return 'new';
  const id = Number(params.get(FORM_PARAM));
  if (panel === 'edit' && Number.isInteger(id) && id > 0) return id;
  return null;
}

/**
 * The refund form list with the Issue / Update drawer over it. The drawer's code is fetched
 * once the list shows, so it opens at once; it is rendered from its first opening on, so its
 * closing transition plays.
 */
export function TaxFormsRoute() {
  const [params, updateParams] = useUrlParams();
  const target = issuePanelTarget(params);
  const hasOpened = useOnceTrue(target !== null);

  // In a task of its own once the list is drawn: evaluating the drawer's code (its schemas) would
  // otherwise lengthen the list's first render.
  useEffect(() => whenIdle(() => void Screens.loadIssueForm()), []);

  const close = useCallback(
    () =>
      updateParams((updated) => {
        updated.delete(PANEL_PARAM);
        updated.delete(FORM_PARAM);
      }),
    [updateParams],
  );

  return (
    <>
      <Screens.TaxFormsScreen />
      {hasOpened && (
        <Suspense fallback={null}>
          <Screens.IssueFormDrawer
            opened={target !== null}
            formId={typeof target === 'number' ? target : null}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}

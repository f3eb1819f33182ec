import { useEffect } from 'react';
import { useOpenedAfterMount } from '@/hooks/use-opened-after-mount';
import { CancelFormDrawer } from '../actions/cancel-form-drawer';
import { isStagePanel, useFormPanel } from '../form/tax-form-panel';
import { FormStatusDrawer } from '../status/tax-form-status-drawer';
import { SendFormDrawer } from '../actions/send-form-drawer';
import { StageDrawer } from '../stages/stage-drawer';

/**
 * The list's own side panels, opened through the URL (docs/decisions/007): Form Status, Cancel,
 * the stage after the counter (docs/decisions/018) and Send to traveller. View/Update and Issue
 * Form are drawn by the issue form's feature.
 */
export function FormPanels() {
  const { panel: asked, formId, close } = useFormPanel();
  // Mounted with the first panel asked for, each drawer opens a frame later: a drawer notes what
  // had the focus as it opens, to give it back on closing, and one mounted open notes nothing.
  const panel = useOpenedAfterMount(asked !== null) ? asked : null;

  // Print is done at once from the menu; a `panel=print` left in a link has nothing to show.
  useEffect(() => {
    if (asked === 'print') close();
  }, [asked, close]);

  return (
    <>
      <FormStatusDrawer
        formId={formId}
        opened={panel === 'status' && formId !== null}
        onClose={close}
      />
      <CancelFormDrawer
        formId={formId}
        opened={panel === 'cancel' && formId !== null}
        onClose={close}
      />
      <StageDrawer formId={formId} panel={isStagePanel(panel) ? panel : null} onClose={close} />
      <SendFormDrawer
        formId={formId}
        opened={panel === 'mail' && formId !== null}
        onClose={close}
      />
    </>
  );
}

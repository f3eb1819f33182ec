import { useCallback, useEffect, useRef, useState } from 'react';
import { config } from '@/config';
import { downloadTaxForm, type SavedForm, type Tenant } from '../api/issue-form-api';

/** Where the printing of a saved form stands. */
export type PrintState =
  | { status: 'idle' }
  | { status: 'printing' }
  /** In a tab of its own: the browser's PDF viewer prints it. */
  | { status: 'opened'; url: string }
  /** The browser refused the new tab: the form is offered as a link. */
  | { status: 'blocked'; url: string }
  | { status: 'failed' };

/**
 * Renders a saved form's PDF and opens it in a new tab, at once when `automatic` (the clerk's
 * preference; undefined while it is read) and again whenever asked. The first print follows the Issue or Update that the clerk
 * has just pressed, so the browser still counts it as the clerk's doing and lets the tab open; when
 * it does not, the state says so and the view offers the link.
 */
export function useSavedFormPrint(
  tenant: Tenant,
  saved: SavedForm,
  automatic: boolean | undefined,
) {
  const [state, setState] = useState<PrintState>({ status: 'idle' });
  const { companyId, branchId } = tenant;

  const print = useCallback(async () => {
    setState({ status: 'printing' });
    try {
      const name = await downloadTaxForm({ companyId, branchId }, saved.id);
      const url = `${config.uploadsBase}/electronic/${encodeURIComponent(name)}`;
      const tab = window.open(url, '_blank');
      if (!tab) return setState({ status: 'blocked', url });
      tab.opener = null;
      setState({ status: 'opened', url });
    } catch {
      setState({ status: 'failed' });
    }
  }, [companyId, branchId, saved.id]);

  // Once per saved form, however often the view renders.
  const printedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!automatic || printedFor.current === saved.id) return;
    printedFor.current = saved.id;
    void print();
  }, [automatic, print, saved.id]);

  return { state, print };
}

import { lazy, Suspense, useEffect } from 'react';
import { useOnceTrue } from '@/hooks/use-once-true';
import { whenIdle } from '@/lib/when-idle';
import { FORM_PANELS, useFormPanel } from '../form/tax-form-panel';

const loadFormPanels = () => import('./tax-form-panels');
const FormPanels = lazy(() => loadFormPanels().then(({ FormPanels }) => ({ default: FormPanels })));

/** The panels drawn here: View/Update and Issue Form belong to the issue form's feature. */
const LIST_PANELS: readonly (string | null)[] = FORM_PANELS.filter((panel) => panel !== 'edit');

/**
 * The list's side panels (Form Status, Cancel, the stages, Send to traveller), with their forms
 * and the schemas they check with, are a chunk of their own: the list is drawn without them, and
 * they are fetched once the browser is idle, so the first panel still opens at once. A link that
 * names a panel loads them straight away. Rendered from the first panel asked for on.
 */
export function LazyFormPanels() {
  const { panel } = useFormPanel();
  const hasOpened = useOnceTrue(LIST_PANELS.includes(panel));

  useEffect(() => whenIdle(() => void loadFormPanels()), []);

  return hasOpened ? (
    <Suspense fallback={null}>
      <FormPanels />
    </Suspense>
  ) : null;
}

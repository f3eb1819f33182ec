import { notifications } from '@mantine/notifications';
import type { TaxFormListItem } from '@taxfree/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { handleError } from '@/lib/error-handler';
import { showInNewTab } from './open-tab';
import { downloadTaxForm } from '../api/tax-form-actions';

/**
 * The Action menu's Print (SPEC 2 and 7): the server renders the form's PDF afresh and answers
 * its name; the PDF opens in a new tab. A tab is opened at once (still inside the click, so
 * pop-up blockers let it through) and sent to the PDF when the name arrives.
 */
export function usePrintForm() {
  const { t } = useTranslation();
  const session = useSession();
  const [printingId, setPrintingId] = useState<number | null>(null);

  const print = useCallback(
    async (form: Pick<TaxFormListItem, 'id' | 'barcode'>) => {
      if (!session) return;
      const tab = window.open('', '_blank');
      const toastId = notifications.show({
        message: t('formActions.print.loading', { barcode: form.barcode }),
        loading: true,
        autoClose: false,
        withCloseButton: false,
        position: 'top-center',
      });
      setPrintingId(form.id);
      try {
        const url = await downloadTaxForm(session, form.id);
        notifications.hide(toastId);
        showInNewTab(
          url,
          {
            blocked: t('formActions.print.blocked'),
            link: t('formActions.print.open', { barcode: form.barcode }),
          },
          tab,
        );
      } catch (error) {
        notifications.hide(toastId);
        tab?.close();
        handleError(error);
      } finally {
        setPrintingId(null);
      }
    },
    [session, t],
  );

  return { print, printingId };
}

import { Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Session } from '@/lib/session';
import type { SavedForm } from '../api/issue-form-api';
import classes from './issue-form.module.css';
import { PrintNote } from './print-note';
import { useSavedFormPrint } from './use-saved-form-print';

type FormViewActionsProps = {
  session: Session;
  form: SavedForm;
  /** Absent when the form may no longer be changed (cancelled, validated, expired). */
  onEdit?: () => void;
  onClose?: () => void;
};

/** A saved form shown as it is: Edit (a reprint follows), Print (P) and Close. */
export function FormViewActions({ session, form, onEdit, onClose }: FormViewActionsProps) {
  const { t } = useTranslation();
  const { state, print } = useSavedFormPrint(session, form, false);
  useHotkeys([['p', () => void print()]]);
  return (
    <>
      {state.status !== 'idle' && <PrintNote state={state} automatic barcode={form.barcode} />}
      <div className={classes.actions}>
        {onClose && (
          <Button variant="default" onClick={onClose}>
            {t('formView.close')}
          </Button>
        )}
        <Button
          variant="default"
          onClick={() => void print()}
          loading={state.status === 'printing'}
          rightSection={
            <Kbd size="xs" aria-hidden>
              P
            </Kbd>
          }
          aria-keyshortcuts="P"
        >
          {t('formView.print')}
        </Button>
        {onEdit && <Button onClick={onEdit}>{t('formView.edit')}</Button>}
      </div>
    </>
  );
}

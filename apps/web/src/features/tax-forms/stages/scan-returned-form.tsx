import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBarcode } from '@/components/icons';
import { useOnceTrue } from '@/hooks/use-once-true';
import { useFormPanel } from '../form/tax-form-panel';
import { ScanFormDialog } from './scan-form-dialog';

/** The list toolbar's Returned form button: scan a stamped form, then record its next step. */
export function ScanReturnedForm() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // The dialog (its queries, its form) is drawn from its first opening on, not with the list.
  const hasOpened = useOnceTrue(opened);
  const { open } = useFormPanel();
  return (
    <>
      <Button
        size="md"
        variant="default"
        leftSection={<IconBarcode size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('formActions.scan.button')}
      </Button>
      {hasOpened && (
        <ScanFormDialog
          opened={opened}
          onClose={() => setOpened(false)}
          onFound={(panel, form) => {
            setOpened(false);
            open(panel, form);
          }}
        />
      )}
    </>
  );
}

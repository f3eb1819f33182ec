import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What the marked row's tint says, for those who do not see it: read after the barcode. */
export function NewFormNote() {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <VisuallyHidden>{t('formList.newForm')}</VisuallyHidden>
    </>
  );
}

import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or data arrives. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="md" aria-label={t('app.loading')} />
    </Center>
  );
}

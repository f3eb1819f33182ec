import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from './start-icons';

/** What a screen shows when it fails to render (or its code fails to load). */
export function RouteError({ reset }: { reset: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      title={t('errors.boundaryTitle')}
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      my="md"
    >
      {t('errors.boundaryText')}
      <Group mt="md">
        <Button variant="default" onClick={reset}>
          {t('actions.retry')}
        </Button>
        <Button component="a" href="#/" variant="subtle">
          {t('actions.goHome')}
        </Button>
      </Group>
    </Alert>
  );
}

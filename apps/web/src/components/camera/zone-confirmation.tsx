import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type ZoneConfirmationProps = {
  zone: string;
  onUse: () => void;
  onReadAgain: () => void;
};

/**
 * The zone the camera read, for the clerk to compare with the passport before it fills the form:
 * its check digits agree, yet a picture is not a reader. Enter uses it.
 */
export function ZoneConfirmation({ zone, onUse, onReadAgain }: ZoneConfirmationProps) {
  const { t } = useTranslation();
  const useButton = useRef<HTMLButtonElement>(null);
  useEffect(() => useButton.current?.focus(), []);
  return (
    <Stack gap="xs" role="status">
      <Text size="sm">{t('camera.zoneRead')}</Text>
      <Code block data-testid="camera-zone">
        {zone}
      </Code>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onReadAgain}>
          {t('camera.readAgain')}
        </Button>
        <Button ref={useButton} onClick={onUse}>
          {t('camera.useZone')}
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './integrations.module.css';

type SecretShownOnceProps = {
  secret: string;
  /** What else the manager should know, e.g. until when the previous secret signs. */
  note?: ReactNode;
  onDone: () => void;
};

/**
 * A webhook's signing secret, shown this once (when the webhook is added, and at each rotation)
 * for the manager to copy into the receiving system: only the server keeps it from then on.
 */
export function SecretShownOnce({ secret, note, onDone }: SecretShownOnceProps) {
  const { t } = useTranslation();
  const copyRef = useRef<HTMLButtonElement>(null);
  // After the New webhook form the panel is already open: the focus leaves the form's button.
  useEffect(() => copyRef.current?.focus(), []);
  return (
    <Stack>
      <Alert color="yellow" variant="light">
        <Text fw={700} size="sm">
          {t('integrations.webhooks.secret.shownOnceTitle')}
        </Text>
        <Text size="sm">{t('integrations.webhooks.secret.shownOnce')}</Text>
      </Alert>
      <Code block className={classes.key} data-testid="webhook-secret">
        {secret}
      </Code>
      <Text size="sm" c="dimmed">
        {t('integrations.webhooks.secret.howToUse')}
      </Text>
      {note && (
        <Text size="sm" className={classes.wrap}>
          {note}
        </Text>
      )}
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              ref={copyRef}
              // Where the panel's focus starts when it opens with the secret already in it.
              data-autofocus
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
            >
              {copied
                ? t('integrations.webhooks.secret.copied')
                : t('integrations.webhooks.secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('integrations.webhooks.secret.done')}</Button>
      </Group>
    </Stack>
  );
}

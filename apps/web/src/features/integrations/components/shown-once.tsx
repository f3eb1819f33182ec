import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './integrations.module.css';

type ShownOnceProps = {
  value: string;
  /** The catalogue's keys for it: `integrations.keys` or `integrations.webhooks.secret`. */
  texts: 'integrations.keys' | 'integrations.webhooks.secret';
  testId: string;
  /** What else the manager should know, e.g. until when the previous secret signs. */
  note?: ReactNode;
  onDone: () => void;
};

/**
 * A till's key or a webhook's signing secret, shown this once for the manager to copy into the
 * other system: only its hash, or its encrypted copy, is kept from then on.
 */
export function ShownOnce({ value, texts, testId, note, onDone }: ShownOnceProps) {
  const { t } = useTranslation();
  const copyRef = useRef<HTMLButtonElement>(null);
  // After the form the panel is already open: the focus leaves the form's button.
  useEffect(() => copyRef.current?.focus(), []);
  return (
    <Stack>
      <Alert color="yellow" variant="light">
        <Text fw={700} size="sm">
          {t(`${texts}.shownOnceTitle`)}
        </Text>
        <Text size="sm">{t(`${texts}.shownOnce`)}</Text>
      </Alert>
      <Code block className={classes.key} data-testid={testId}>
        {value}
      </Code>
      <Text size="sm" c="dimmed">
        {t(`${texts}.howToUse`)}
      </Text>
      {note && (
        <Text size="sm" className={classes.wrap}>
          {note}
        </Text>
      )}
      <Group justify="space-between">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              ref={copyRef}
              // Where the panel's focus starts when it opens with the value already in it.
              data-autofocus
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
            >
              {copied ? t(`${texts}.copied`) : t(`${texts}.copy`)}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t(`${texts}.done`)}</Button>
      </Group>
    </Stack>
  );
}

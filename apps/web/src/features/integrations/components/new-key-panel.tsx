import type { CreatedApiKey } from '@taxfree/domain';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './integrations.module.css';
import { NewKeyForm } from './new-key-form';

type NewKeyPanelProps = { companyId: string; branchId: string; onDone: () => void };

/** The New key form, then the key itself, shown this once for the manager to copy to the till. */
export function NewKeyPanel({ companyId, branchId, onDone }: NewKeyPanelProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return created ? (
    <KeyShownOnce apiKey={created.key} onDone={onDone} />
  ) : (
    <NewKeyForm companyId={companyId} branchId={branchId} onCreated={setCreated} />
  );
}

function KeyShownOnce({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const { t } = useTranslation();
  const copyRef = useRef<HTMLButtonElement>(null);
  useEffect(() => copyRef.current?.focus(), []);
  return (
    <Stack>
      <Alert color="yellow" variant="light">
        <Text fw={700} size="sm">
          {t('integrations.keys.shownOnceTitle')}
        </Text>
        <Text size="sm">{t('integrations.keys.shownOnce')}</Text>
      </Alert>
      <Code block className={classes.key} data-testid="new-api-key">
        {apiKey}
      </Code>
      <Text size="sm" c="dimmed">
        {t('integrations.keys.howToUse')}
      </Text>
      <Group justify="space-between">
        <CopyButton value={apiKey}>
          {({ copied, copy }) => (
            <Button
              ref={copyRef}
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
            >
              {copied ? t('integrations.keys.copied') : t('integrations.keys.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('integrations.keys.done')}</Button>
      </Group>
    </Stack>
  );
}

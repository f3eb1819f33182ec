import { Button, Group } from '@mantine/core';
import type { Webhook } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';

export type WebhookAction = 'log' | 'edit' | 'test' | 'rotate' | 'delete';

type WebhookActionsProps = {
  webhook: Webhook;
  /** An action on this webhook is on its way: the others wait for it. */
  isBusy: boolean;
  onAction: (action: WebhookAction, webhook: Webhook) => void;
};

/**
 * What a manager does to one webhook: read its delivery log, change its address or events, send
 * it a test event, rotate its secret, delete it. Each button names the address, for those who hear them out of their row.
 */
export function WebhookActions({ webhook, isBusy, onAction }: WebhookActionsProps) {
  const { t } = useTranslation();
  const url = webhook.url;
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size="compact-sm"
        variant="light"
        aria-label={t('integrations.webhooks.logNamed', { url })}
        onClick={() => onAction('log', webhook)}
      >
        {t('integrations.webhooks.log')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        aria-label={t('integrations.webhooks.editNamed', { url })}
        onClick={() => onAction('edit', webhook)}
      >
        {t('integrations.webhooks.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        disabled={isBusy}
        aria-label={t('integrations.webhooks.testNamed', { url })}
        onClick={() => onAction('test', webhook)}
      >
        {t('integrations.webhooks.test')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        disabled={isBusy}
        aria-label={t('integrations.webhooks.rotateNamed', { url })}
        onClick={() => onAction('rotate', webhook)}
      >
        {t('integrations.webhooks.rotate')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        disabled={isBusy}
        aria-label={t('integrations.webhooks.deleteNamed', { url })}
        onClick={() => onAction('delete', webhook)}
      >
        {t('integrations.webhooks.delete')}
      </Button>
    </Group>
  );
}

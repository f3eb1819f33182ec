import { Button } from '@mantine/core';
import type { Webhook } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import classes from './integrations.module.css';

type FailingWebhookAlertProps = { webhook: Webhook; onShowLog: (webhook: Webhook) => void };

/**
 * Told above the list, not only by the badge: events that never reached the shop's system are
 * missing there until the manager sends them again, which the delivery log does.
 */
export function FailingWebhookAlert({ webhook, onShowLog }: FailingWebhookAlertProps) {
  const { t } = useTranslation();
  return (
    <FormAlert title={t('integrations.webhooks.failing.title')}>
      <span className={classes.wrap}>
        {t('integrations.webhooks.failing.message', { url: webhook.url })}
      </span>
      <div>
        <Button mt="xs" variant="default" size="xs" onClick={() => onShowLog(webhook)}>
          {t('integrations.webhooks.failing.showLog')}
        </Button>
      </div>
    </FormAlert>
  );
}

import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebhookActions } from './webhook-actions';
import { CreatedBy, EventName, WebhookStatus } from './webhook-cells';
import type { WebhooksListProps } from './webhooks-table';
import cards from '@/components/card-list.module.css';
import classes from './integrations.module.css';

/** The webhooks on a phone: a compact card each, named after its address, its actions at hand. */
export function WebhookCards({ webhooks, isBusy, onAction }: WebhooksListProps) {
  const { t } = useTranslation();
  return (
    <ul className={cards.cards} aria-label={t('integrations.webhooks.list')}>
      {webhooks.map((webhook) => (
        <li key={webhook.id}>
          <Paper component="article" withBorder radius="md" p="sm" aria-label={webhook.url}>
            <Text fw={600} className={classes.url}>
              {webhook.url}
            </Text>
            <dl className={cards.details}>
              <dt>{t('integrations.webhooks.fields.events')}</dt>
              <dd>
                {webhook.events.map((event) => (
                  <div key={event}>
                    <EventName event={event} />
                  </div>
                ))}
              </dd>
              <dt>{t('integrations.webhooks.fields.status')}</dt>
              <dd>
                <WebhookStatus webhook={webhook} />
              </dd>
              <dt>{t('integrations.webhooks.fields.created')}</dt>
              <dd>
                <CreatedBy webhook={webhook} />
              </dd>
            </dl>
            <WebhookActions webhook={webhook} isBusy={isBusy(webhook)} onAction={onAction} />
          </Paper>
        </li>
      ))}
    </ul>
  );
}

import { List, Table, VisuallyHidden } from '@mantine/core';
import type { Webhook } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { WebhookActions, type WebhookAction } from './webhook-actions';
import { CreatedBy, EventName, WebhookStatus } from './webhook-cells';
import classes from './integrations.module.css';

export type WebhooksListProps = {
  webhooks: Webhook[];
  isBusy: (webhook: Webhook) => boolean;
  onAction: (action: WebhookAction, webhook: Webhook) => void;
};

/**
 * Each webhook: its address, its events in plain words, whether deliveries to it succeed, when
 * and by whom it was added, and its actions. A phone shows cards instead (webhook-cards.tsx).
 */
export function WebhooksTable({ webhooks, isBusy, onAction }: WebhooksListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm" aria-label={t('integrations.webhooks.list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('integrations.webhooks.fields.url')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.fields.events')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.fields.status')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.fields.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('integrations.webhooks.fields.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {webhooks.map((webhook) => (
            <Table.Tr key={webhook.id}>
              <Table.Th scope="row" className={classes.url}>
                {webhook.url}
              </Table.Th>
              <Table.Td>
                <List size="sm" listStyleType="none" spacing={2}>
                  {webhook.events.map((event) => (
                    <List.Item key={event}>
                      <EventName event={event} />
                    </List.Item>
                  ))}
                </List>
              </Table.Td>
              <Table.Td>
                <WebhookStatus webhook={webhook} />
              </Table.Td>
              <Table.Td>
                <CreatedBy webhook={webhook} />
              </Table.Td>
              <Table.Td className={classes.actions}>
                <WebhookActions webhook={webhook} isBusy={isBusy(webhook)} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

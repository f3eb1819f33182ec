import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { WebhookDelivery } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useShopDateTime } from '@/hooks/use-shop-date-time';
import { notifySuccess } from '@/lib/notify';
import { useRedeliver } from '../api/webhooks';
import { DeliveryStatus, useEventLabel } from './webhook-cells';
import classes from './integrations.module.css';

type DeliveriesTableProps = { companyId: string; webhookId: number; deliveries: WebhookDelivery[] };

/**
 * Each delivery, newest first: when the event happened, which, how its tries went (the last
 * answer, or the error when none came), when it is tried next, and Redeliver.
 */
export function DeliveriesTable({ companyId, webhookId, deliveries }: DeliveriesTableProps) {
  const { t } = useTranslation();
  const formatDateTime = useShopDateTime();
  const eventLabel = useEventLabel();
  const redeliver = useRedeliver(companyId, webhookId);

  const sendAgain = (delivery: WebhookDelivery) =>
    redeliver.mutate(delivery.id, {
      onSuccess: () => notifySuccess(t('integrations.webhooks.deliveries.redelivered')),
    });

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t('integrations.webhooks.deliveries.list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('integrations.webhooks.deliveries.fields.time')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.deliveries.fields.event')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.deliveries.fields.status')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.deliveries.fields.answer')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.deliveries.fields.attempts')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.deliveries.fields.error')}</Table.Th>
            <Table.Th>{t('integrations.webhooks.deliveries.fields.nextTry')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>
                {t('integrations.webhooks.deliveries.fields.actions')}
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => {
            const time = formatDateTime(delivery.created_at);
            // Not yet tried at all: it goes out in a moment without being asked.
            const isOnItsWay = delivery.status === 'pending' && delivery.attempts === 0;
            return (
              <Table.Tr key={delivery.id} data-delivery={delivery.message_id}>
                <Table.Th scope="row" fw={400} className={classes.time}>
                  {time}
                </Table.Th>
                <Table.Td>{eventLabel(delivery.event)}</Table.Td>
                <Table.Td>
                  <DeliveryStatus delivery={delivery} />
                </Table.Td>
                <Table.Td>
                  {delivery.response_status ??
                    (delivery.attempts > 0 ? t('integrations.webhooks.deliveries.noAnswer') : '')}
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td className={classes.error}>
                  {delivery.failure && (
                    <Text size="sm">
                      {t(`integrations.webhooks.deliveries.failures.${delivery.failure}`, {
                        status: delivery.response_status,
                      })}
                    </Text>
                  )}
                  {/* The network's own words, for the receiver's technicians: not translated. */}
                  {delivery.error && (
                    <Text size="xs" c="dimmed" lang="en">
                      {delivery.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={classes.time}>
                  {delivery.status === 'pending' && delivery.next_attempt_at
                    ? formatDateTime(delivery.next_attempt_at)
                    : ''}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="light"
                    disabled={isOnItsWay}
                    loading={redeliver.isPending && redeliver.variables === delivery.id}
                    aria-label={t('integrations.webhooks.deliveries.redeliverNamed', {
                      event: eventLabel(delivery.event),
                      time,
                    })}
                    onClick={() => sendAgain(delivery)}
                  >
                    {t('integrations.webhooks.deliveries.redeliver')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

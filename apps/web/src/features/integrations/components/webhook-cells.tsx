import { Badge, Text, type MantineColor } from '@mantine/core';
import type { Webhook, WebhookDelivery } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useShopDateTime } from '@/hooks/use-shop-date-time';
import { webhookEventName } from '../model/new-webhook-form';
import classes from './integrations.module.css';

/** An event in plain words; one this screen does not know, as the log names it. */
export function useEventLabel(): (event: string) => string {
  const { t } = useTranslation();
  return (event) => {
    const name = webhookEventName(event);
    return name ? t(`integrations.webhooks.events.${name}`) : event;
  };
}

export function EventName({ event }: { event: string }) {
  return <>{useEventLabel()(event)}</>;
}

/**
 * Active, or failing (a delivery was given up) and since when; and, after a rotation, until when
 * the previous secret still signs.
 */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const formatDateTime = useShopDateTime();
  const isFailing = webhook.status === 'failing';
  return (
    <>
      <Badge
        variant={isFailing ? 'filled' : 'dot'}
        color={isFailing ? 'red' : 'teal'}
        className={classes.badge}
      >
        {t(`integrations.webhooks.status.${webhook.status}`)}
      </Badge>
      {isFailing && webhook.failing_since && (
        <Text size="xs" c="dimmed">
          {t('integrations.webhooks.failingSince', { time: formatDateTime(webhook.failing_since) })}
        </Text>
      )}
      {webhook.previous_secret_until && (
        <Text size="xs" c="dimmed">
          {t('integrations.webhooks.previousSecret', {
            time: formatDateTime(webhook.previous_secret_until),
          })}
        </Text>
      )}
    </>
  );
}

/** When the webhook was added, and by whom when the manager is still known. */
export function CreatedBy({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const formatDateTime = useShopDateTime();
  const time = formatDateTime(webhook.created_at);
  return (
    <>
      {webhook.created_by
        ? t('integrations.webhooks.createdBy', { time, name: webhook.created_by })
        : time}
    </>
  );
}

const DELIVERY_COLORS: Record<WebhookDelivery['status'], MantineColor> = {
  pending: 'blue',
  delivered: 'teal',
  failed: 'red',
};

/** Pending (sent soon, or tried again later), delivered, or given up after its last try. */
export function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant={delivery.status === 'failed' ? 'filled' : 'dot'}
      color={DELIVERY_COLORS[delivery.status]}
      className={classes.badge}
    >
      {t(`integrations.webhooks.deliveries.status.${delivery.status}`)}
    </Badge>
  );
}

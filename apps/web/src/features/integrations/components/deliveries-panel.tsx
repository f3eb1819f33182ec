import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Webhook } from '@taxfree/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useWebhookDeliveries } from '../api/webhooks';
import { DeliveriesTable } from './deliveries-table';
import classes from './integrations.module.css';

type DeliveriesPanelProps = { companyId: string; webhook: Webhook };

/**
 * A webhook's delivery log, newest first, a page at a time (Load older), with Refresh: what was
 * sent to it, how each delivery went, and what is still to be tried.
 */
export function DeliveriesPanel({ companyId, webhook }: DeliveriesPanelProps) {
  const { t } = useTranslation();
  const log = useWebhookDeliveries(companyId, webhook.id);
  const deliveries = log.data?.pages.flat();
  // Only the manager's own Refresh turns its button: the log also refreshes itself while a
  // delivery is on its way, and that needs no spinner.
  const [isRefreshing, setIsRefreshing] = useState(false);
  const refresh = () => {
    setIsRefreshing(true);
    void log.refetch().finally(() => setIsRefreshing(false));
  };
  const retry = () => void (log.isFetchNextPageError ? log.fetchNextPage() : log.refetch());

  return (
    <Stack aria-busy={log.isPending}>
      <div className={classes.logHeader}>
        <Text size="sm" className={classes.wrap}>
          {t('integrations.webhooks.deliveries.of', { url: webhook.url })}
        </Text>
        <Button variant="default" size="xs" loading={isRefreshing} onClick={refresh}>
          {t('integrations.webhooks.deliveries.refresh')}
        </Button>
      </div>
      {log.isError && (
        <FormAlert title={t('integrations.webhooks.deliveries.loadFailed')}>
          <Button variant="default" size="xs" onClick={retry}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {!deliveries ? (
        !log.isError && <Skeleton height={120} />
      ) : deliveries.length === 0 ? (
        <Text c="dimmed">{t('integrations.webhooks.deliveries.empty')}</Text>
      ) : (
        <DeliveriesTable companyId={companyId} webhookId={webhook.id} deliveries={deliveries} />
      )}
      {log.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {t('integrations.webhooks.deliveries.loadOlder')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

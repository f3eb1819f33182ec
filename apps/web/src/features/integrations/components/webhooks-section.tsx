import { Button, Drawer, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Webhook, WebhookSecret } from '@taxfree/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { notifySuccess } from '@/lib/notify';
import { IconPlus } from '@/components/icons';
import { useWebhooks } from '../api/webhooks';
import { DeliveriesPanel } from './deliveries-panel';
import { FailingWebhookAlert } from './failing-webhook-alert';
import { NewWebhookPanel } from './new-webhook-panel';
import { SecretShownOnce } from './secret-shown-once';
import { WebhookForm } from './webhook-form';
import { useWebhookActions } from './use-webhook-actions';
import type { WebhookAction } from './webhook-actions';
import { WebhookCards } from './webhook-cards';
import { WebhooksTable } from './webhooks-table';
import classes from './integrations.module.css';

type Rotated = { webhook: Webhook; secret: WebhookSecret };

/** Below Mantine's `md`: a card per webhook rather than a table to scroll sideways. */
const NARROW_QUERY = '(max-width: 61.99em)';

/** The company's webhooks, Add webhook, and each one's actions and delivery log. */
export function WebhooksSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const webhooks = useWebhooks(companyId);
  const isNarrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const WebhooksList = isNarrow ? WebhookCards : WebhooksTable;
  const [isCreating, setIsCreating] = useState(false);
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const actions = useWebhookActions(companyId, (webhook, secret) =>
    setRotated({ webhook, secret }),
  );
  const failing = webhooks.data?.filter((webhook) => webhook.status === 'failing') ?? [];
  // The list's own copy, so that the log's header follows a change the list brings.
  const shownLog = webhooks.data?.find((webhook) => webhook.id === logOf?.id) ?? logOf;

  const onAction = (action: WebhookAction, webhook: Webhook) => {
    if (action === 'log') setLogOf(webhook);
    else if (action === 'edit') setEditing(webhook);
    else if (action === 'test') actions.sendTest(webhook);
    else if (action === 'rotate') void actions.rotate(webhook);
    else void actions.remove(webhook);
  };
  const drawerProps = {
    position: 'right',
    classNames: { title: classes.drawerTitle },
  } as const;

  return (
    <section aria-labelledby={titleId} aria-busy={webhooks.isPending}>
      <div className={classes.sectionHeader}>
        <div>
          <Title id={titleId} order={2} size="h3">
            {t('integrations.webhooks.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('integrations.webhooks.intro')}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setIsCreating(true)}
        >
          {t('integrations.webhooks.create')}
        </Button>
      </div>
      {webhooks.isError ? (
        <FormAlert title={t('integrations.webhooks.loadFailed')}>
          <Button variant="default" size="xs" onClick={() => void webhooks.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : !webhooks.data ? (
        <Skeleton height={96} />
      ) : webhooks.data.length === 0 ? (
        <Text c="dimmed">{t('integrations.webhooks.empty')}</Text>
      ) : (
        <Stack>
          {failing.map((webhook) => (
            <FailingWebhookAlert key={webhook.id} webhook={webhook} onShowLog={setLogOf} />
          ))}
          <WebhooksList webhooks={webhooks.data} isBusy={actions.isBusy} onAction={onAction} />
        </Stack>
      )}
      <Drawer
        {...drawerProps}
        opened={isCreating}
        onClose={() => setIsCreating(false)}
        size="md"
        title={t('integrations.webhooks.createTitle')}
      >
        {isCreating && (
          <NewWebhookPanel companyId={companyId} onDone={() => setIsCreating(false)} />
        )}
      </Drawer>
      <Drawer
        {...drawerProps}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="md"
        title={t('integrations.webhooks.editTitle')}
      >
        {editing && (
          <WebhookForm
            companyId={companyId}
            webhook={editing}
            onSaved={() => {
              notifySuccess(t('integrations.webhooks.saved', { url: editing.url }));
              setEditing(null);
            }}
          />
        )}
      </Drawer>
      <Drawer
        {...drawerProps}
        opened={rotated !== null}
        onClose={() => setRotated(null)}
        size="md"
        title={t('integrations.webhooks.secret.rotatedTitle')}
      >
        {rotated && (
          <SecretShownOnce
            secret={rotated.secret.secret}
            note={t('integrations.webhooks.secret.rotatedNote', { url: rotated.webhook.url })}
            onDone={() => setRotated(null)}
          />
        )}
      </Drawer>
      <Drawer
        {...drawerProps}
        opened={logOf !== null}
        onClose={() => setLogOf(null)}
        size="xl"
        title={t('integrations.webhooks.deliveries.title')}
      >
        {shownLog && <DeliveriesPanel companyId={companyId} webhook={shownLog} />}
      </Drawer>
    </section>
  );
}

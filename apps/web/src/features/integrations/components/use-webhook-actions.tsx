import type { Webhook, WebhookSecret } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent } from '../api/webhooks';
import classes from './integrations.module.css';

/** A sentence with an address in it, which breaks anywhere rather than widen a dialog or toast. */
const withUrl = (text: string) => <span className={classes.wrap}>{text}</span>;

/** What a manager does to one webhook, each asked first when it cannot be taken back. */
export function useWebhookActions(
  companyId: string,
  onRotated: (webhook: Webhook, rotated: WebhookSecret) => void,
) {
  const { t } = useTranslation();
  const sendTest = useSendTestEvent(companyId);
  const rotate = useRotateWebhookSecret(companyId);
  const remove = useDeleteWebhook(companyId);

  return {
    isBusy: (webhook: Webhook) =>
      [sendTest, rotate, remove].some(
        (action) => action.isPending && action.variables === webhook.id,
      ),

    sendTest: (webhook: Webhook) =>
      sendTest.mutate(webhook.id, {
        onSuccess: () =>
          notifySuccess(withUrl(t('integrations.webhooks.testSent', { url: webhook.url }))),
      }),

    rotate: async (webhook: Webhook) => {
      const isSure = await confirmDialog({
        title: t('integrations.webhooks.rotateTitle'),
        message: withUrl(t('integrations.webhooks.rotateMessage', { url: webhook.url })),
        confirmLabel: t('integrations.webhooks.rotateConfirm'),
        cancelLabel: t('integrations.webhooks.keep'),
      });
      if (isSure)
        rotate.mutate(webhook.id, { onSuccess: (rotated) => onRotated(webhook, rotated) });
    },

    remove: async (webhook: Webhook) => {
      const isSure = await confirmDialog({
        title: t('integrations.webhooks.deleteTitle'),
        message: withUrl(t('integrations.webhooks.deleteMessage', { url: webhook.url })),
        confirmLabel: t('integrations.webhooks.delete'),
        cancelLabel: t('integrations.webhooks.keep'),
        isDanger: true,
      });
      if (!isSure) return;
      remove.mutate(webhook.id, {
        onSuccess: () =>
          notifySuccess(withUrl(t('integrations.webhooks.deleted', { url: webhook.url }))),
      });
    },
  };
}

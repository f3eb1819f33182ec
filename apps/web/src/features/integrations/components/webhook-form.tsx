import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_EVENTS, type Webhook, type WebhookSecret } from '@taxfree/domain';
import { Button, Checkbox, Code, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/hooks/use-field-error';
import { handleFormError } from '@/lib/error-handler';
import { useChangeWebhook, useCreateWebhook } from '../api/webhooks';
import {
  emptyNewWebhook,
  NEW_WEBHOOK_FIELDS,
  newWebhookFormSchema,
  webhookEventName,
} from '../model/new-webhook-form';

type WebhookFormProps = {
  companyId: string;
  /** The webhook to change; a new one when absent. */
  webhook?: Webhook;
  /** Saved: a new webhook's secret, shown once; null for a change (the secret stays). */
  onSaved: (created: WebhookSecret | null) => void;
};

/**
 * A webhook: the address of the system that receives the events, and which events. Each event is
 * named in plain words, with the name the receiving system sees beneath it.
 */
export function WebhookForm({ companyId, webhook, onSaved }: WebhookFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateWebhook(companyId);
  const change = useChangeWebhook(companyId);
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(newWebhookFormSchema),
    // Checked on Save, then as the fields change: a check on leaving a field would move the
    // button under the pointer between its press and its release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: webhook ? { url: webhook.url, events: webhook.events } : emptyNewWebhook(),
  });

  const onError = (error: Error) => handleFormError(error, setError, NEW_WEBHOOK_FIELDS);
  const submit = handleSubmit((values) =>
    webhook
      ? change.mutate({ id: webhook.id, ...values }, { onSuccess: () => onSaved(null), onError })
      : create.mutate(values, { onSuccess: onSaved, onError }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          type="url"
          inputMode="url"
          label={t('integrations.webhooks.fields.url')}
          description={t('integrations.webhooks.fields.urlHint')}
          required
          maxLength={2000}
          autoComplete="off"
          spellCheck={false}
          error={fieldError(formState.errors.url)}
          data-autofocus
          {...register('url')}
        />
        <Controller
          control={control}
          name="events"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              value={field.value as string[]}
              onChange={field.onChange}
              label={t('integrations.webhooks.fields.events')}
              description={t('integrations.webhooks.fields.eventsHint')}
              required
              error={fieldError(fieldState.error)}
            >
              <Stack gap="sm" mt="xs">
                {WEBHOOK_EVENTS.map((event, index) => (
                  <Checkbox
                    key={event}
                    // A refused choice brings the focus to the first box.
                    ref={index === 0 ? field.ref : undefined}
                    value={event}
                    name={field.name}
                    onBlur={field.onBlur}
                    label={t(`integrations.webhooks.events.${webhookEventName(event)!}`)}
                    description={<Code>{event}</Code>}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Button type="submit" loading={create.isPending || change.isPending}>
          {t(webhook ? 'integrations.webhooks.saveChanges' : 'integrations.webhooks.createSubmit')}
        </Button>
      </Stack>
    </form>
  );
}

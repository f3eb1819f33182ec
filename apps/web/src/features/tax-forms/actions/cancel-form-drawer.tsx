import { zodResolver } from '@hookform/resolvers/zod';
import { Button, NativeSelect, Stack, Textarea } from '@mantine/core';
import {
  CANCEL_COMMENTS_MAX_LENGTH,
  CANCEL_REASON_LABEL_KEYS,
  CANCEL_REASONS,
  cancelPayloadSchema,
} from '@taxfree/domain';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useFieldError } from '@/hooks/use-field-error';
import { useSession } from '@/hooks/use-session';
import { notifySuccess } from '@/lib/notify';
import { cancelErrorMessage, useCancelForm, useFormStat } from '../api/tax-form-actions';
import { FormPanel } from '../form-panel';

type CancelFormDrawerProps = { formId: number | null; opened: boolean; onClose: () => void };

const EMPTY = { cancel_reason: '', cancel_comments: '' };

/**
 * The Cancel TFS Form panel (SPEC 2, 4 and 5): a required reason, optional comments, and the
 * Cancel Form button, which waits for a reason. The reason's English text is what is stored.
 */
export function CancelFormDrawer({ formId, opened, onClose }: CancelFormDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  // Only for the barcode in the title, so the clerk sees which form goes.
  const stat = useFormStat(opened ? session : null, formId);

  return (
    <FormPanel
      opened={opened}
      onClose={onClose}
      title={t('formActions.cancel.title')}
      barcode={stat.data?.barcode}
    >
      {/* Drawn only while the panel is open: every opening (and every form) starts afresh, and a
          closed panel costs the list nothing. */}
      <CancelForm key={formId} formId={formId} onCancelled={onClose} />
    </FormPanel>
  );
}

function CancelForm({ formId, onCancelled }: { formId: number | null; onCancelled: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const session = useSession();
  const cancel = useCancelForm(
    session
      ? { companyId: session.companyId, accountNo: session.accountNo, token: session.token }
      : null,
  );
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(cancelPayloadSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const reason = useWatch({ control, name: 'cancel_reason' });

  const submit = handleSubmit((payload) => {
    if (formId === null) return;
    cancel.mutate(
      { formId, payload },
      {
        onSuccess: () => {
          notifySuccess(t('formActions.cancel.success'));
          onCancelled();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        {cancel.isError && <FormAlert>{cancelErrorMessage(cancel.error)}</FormAlert>}
        <NativeSelect
          label={t('formActions.cancel.reason')}
          withAsterisk
          required
          error={fieldError(errors.cancel_reason)}
          data={[
            { value: '', label: t('formActions.cancel.reasonPlaceholder'), disabled: true },
            ...CANCEL_REASONS.map((value) => ({
              value,
              label: t(CANCEL_REASON_LABEL_KEYS[value]),
            })),
          ]}
          {...register('cancel_reason')}
        />
        <Textarea
          label={t('formActions.cancel.comments')}
          rows={3}
          maxLength={CANCEL_COMMENTS_MAX_LENGTH}
          error={fieldError(errors.cancel_comments)}
          {...register('cancel_comments')}
        />
        <Button
          type="submit"
          color="red"
          disabled={!reason || formId === null}
          loading={cancel.isPending}
        >
          {t('formActions.cancel.submit')}
        </Button>
      </Stack>
    </form>
  );
}

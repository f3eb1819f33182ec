import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { EMAIL_MAX_LENGTH, isValidEmail, wireText } from '@taxfree/domain';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useFieldError } from '@/hooks/use-field-error';
import { useSession } from '@/hooks/use-session';
import { isApiError } from '@/lib/api-error';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { notifySuccess } from '@/lib/notify';
import { useFormDetail, type FormDetail } from '../api/tax-form-actions';
import { useSendFormMail } from '../api/tax-form-stages';
import { FormPanel } from '../form-panel';

/** The address to send to: required once the form turns out to have none. */
function mailSchema(isRequired: boolean) {
  return z.object({
    email: wireText(EMAIL_MAX_LENGTH).check(
      z.refine((value: string) => !isRequired || value !== '', 'emailRequired'),
      z.refine((value: string) => value === '' || isValidEmail(value), 'emailInvalid'),
    ),
  });
}

function SendFormForm({ form, onSent }: { form: FormDetail; onSent: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const session = useSession();
  const send = useSendFormMail(session);
  const own = form.traveler_email?.trim() ?? '';
  // The server found no address on the form: the clerk types one and it goes in the body.
  const [isMissing, setIsMissing] = useState(own === '');
  const [alert, setAlert] = useState<string | null>(null);
  // One key per opened panel: the form mounts afresh each time.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const schema = useMemo(() => mailSchema(isMissing), [isMissing]);
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: own },
  });

  // The panel opened before the form loaded: its focus trap found no field to start on.
  useEffect(() => setFocus('email'), [setFocus]);

  const submit = handleSubmit(({ email }) => {
    setAlert(null);
    send.mutate(
      { formId: form.id, email: email && email !== own ? email : undefined, idempotencyKey },
      {
        onSuccess: ({ recipient, message }) => {
          notifySuccess(t('formActions.mail.sent', { recipient }), { title: message || undefined });
          onSent();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'FORM_NO_EMAIL') {
            setIsMissing(true);
            setFocus('email');
          } else if (!applyFieldErrors(error, setError, ['email'])) {
            setAlert(errorMessage(error));
          }
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        {alert && <FormAlert>{alert}</FormAlert>}
        {isMissing && <FormAlert tone="info">{t('formActions.mail.noEmail')}</FormAlert>}
        <TextInput
          type="email"
          label={t('formActions.mail.email')}
          required={isMissing}
          maxLength={EMAIL_MAX_LENGTH}
          data-autofocus
          error={fieldError(formState.errors.email)}
          {...register('email')}
        />
        <Button type="submit" loading={send.isPending}>
          {t('formActions.mail.submit')}
        </Button>
      </Stack>
    </form>
  );
}

type SendFormDrawerProps = { formId: number | null; opened: boolean; onClose: () => void };

/** Send to traveller: the form's PDF and status link again, to its address or one typed here. */
export function SendFormDrawer({ formId, opened, onClose }: SendFormDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const detail = useFormDetail(opened ? session : null, formId);

  return (
    <FormPanel
      opened={opened}
      onClose={onClose}
      title={t('formActions.mail.title')}
      barcode={detail.data?.barcode}
    >
      {detail.isPending && <PageLoader />}
      {detail.isError && <FormAlert>{errorMessage(detail.error)}</FormAlert>}
      {detail.data && <SendFormForm form={detail.data} onSent={onClose} />}
    </FormPanel>
  );
}

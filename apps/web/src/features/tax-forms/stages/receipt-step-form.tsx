import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import type { StepFormProps } from './step-form-props';
import { useStageSubmit } from './use-stage-submit';

/** The stamped original is back: a confirmation, nothing to fill in. */
export function ReceiptStepForm({ formId, onRecorded }: StepFormProps) {
  const { t } = useTranslation();
  const { submit, alert, isPending } = useStageSubmit({ formId, onRecorded });
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The panel opened before the form loaded: its focus trap found nothing to start on.
  useEffect(() => buttonRef.current?.focus(), []);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!isPending) submit({ stage: 'FORM_COLLECTED' });
      }}
    >
      <Stack>
        {alert && <FormAlert>{alert}</FormAlert>}
        <Text size="sm">{t('formActions.receipt.confirm')}</Text>
        <Button ref={buttonRef} type="submit" loading={isPending} data-autofocus>
          {t('formActions.receipt.submit')}
        </Button>
      </Stack>
    </form>
  );
}

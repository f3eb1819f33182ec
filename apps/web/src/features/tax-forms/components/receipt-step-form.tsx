import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import type { StepFormProps } from './step-form-props';
import { useStageSubmit } from './use-stage-submit';

/** The stamped original is back: a confirmation, nothing to fill in. */
export function ReceiptStepForm({ formId, onRecorded }: StepFormProps) {
  const { t } = useTranslation();
  const { submit, alert, isPending } = useStageSubmit({ formId, onRecorded });

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
        <Button type="submit" loading={isPending} data-autofocus>
          {t('formActions.receipt.submit')}
        </Button>
      </Stack>
    </form>
  );
}

import { Button, Stack, TextInput } from '@mantine/core';
import {
  CUSTOMS_OFFICE_MAX_LENGTH,
  CUSTOMS_RECORD_NUMBER_MAX_LENGTH,
  stageStepFormSchema,
  type FormStageStep,
  type FormStageStepInput,
} from '@taxfree/domain';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { FormAlert } from '@/components/form-alert';
import { useFieldError } from '@/hooks/use-field-error';
import { formatDate } from '@/lib/format';
import type { StepErrors, StepFormProps } from './step-form-props';
import { stepResolver } from './step-resolver';
import { useStageSubmit } from './use-stage-submit';

const FIELDS = ['export_date', 'customs_office', 'customs_record_number'] as const;

/** The customs stamp: the date of export, the office and its record number, all required. */
export function ValidationStepForm({ formId, context, onRecorded }: StepFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const schema = useMemo(() => stageStepFormSchema(context), [context]);
  const { control, register, handleSubmit, setError, setFocus, formState } = useForm<
    FormStageStepInput,
    unknown,
    FormStageStep
  >({
    resolver: stepResolver(schema),
    defaultValues: {
      stage: 'FORM_VALIDATED',
      export_date: '',
      customs_office: '',
      customs_record_number: '',
    },
  });
  // The union's fields are not on every member of its errors' type.
  // The panel opened before the form loaded: its focus trap found no field to start on.
  useEffect(() => setFocus('export_date'), [setFocus]);
  const errors = formState.errors as StepErrors<(typeof FIELDS)[number]>;
  const { submit, alert, isPending } = useStageSubmit({
    formId,
    setError,
    fields: FIELDS,
    onRecorded,
  });
  // Customs stamp goods that left by the deadline, on a day the form already existed.
  const isPastDeadline = context.exportDeadline !== null && context.exportDeadline < context.today;
  const latest = isPastDeadline && context.exportDeadline ? context.exportDeadline : context.today;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack>
        {alert && <FormAlert>{alert}</FormAlert>}
        {isPastDeadline && (
          <FormAlert tone="info">
            {t('formActions.validation.afterDeadline', { date: formatDate(latest) })}
          </FormAlert>
        )}
        <Controller
          control={control}
          name="export_date"
          render={({ field }) => (
            <DateField
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('formActions.validation.exportDate')}
              description={t('formActions.record.between', {
                from: formatDate(context.issueDay),
                to: formatDate(latest),
              })}
              required
              min={context.issueDay}
              max={latest}
              data-autofocus
              error={fieldError(errors.export_date)}
            />
          )}
        />
        <TextInput
          label={t('formActions.validation.customsOffice')}
          required
          maxLength={CUSTOMS_OFFICE_MAX_LENGTH}
          error={fieldError(errors.customs_office)}
          {...register('customs_office')}
        />
        <TextInput
          label={t('formActions.validation.recordNumber')}
          required
          maxLength={CUSTOMS_RECORD_NUMBER_MAX_LENGTH}
          error={fieldError(errors.customs_record_number)}
          {...register('customs_record_number')}
        />
        <Button type="submit" loading={isPending}>
          {t('formActions.validation.submit')}
        </Button>
      </Stack>
    </form>
  );
}

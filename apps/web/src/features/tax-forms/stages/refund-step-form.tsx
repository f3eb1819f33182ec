import { Button, NativeSelect, Stack } from '@mantine/core';
import {
  fromCents,
  REFUND_METHODS,
  stageStepFormSchema,
  type FormStageStep,
  type FormStageStepInput,
} from '@taxfree/domain';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '@/components/amount-input';
import { DateField } from '@/components/date-field';
import { FormAlert } from '@/components/form-alert';
import { useFieldError } from '@/hooks/use-field-error';
import { formatAmount, formatDate } from '@/lib/format';
import type { StepErrors, StepFormProps } from './step-form-props';
import { stepResolver } from './step-resolver';
import { useStageSubmit } from './use-stage-submit';

const FIELDS = ['refund_date', 'paid_amount', 'paid_method'] as const;

const isRefundMethod = (value: string) => (REFUND_METHODS as readonly string[]).includes(value);

/**
 * The payout: its day (today by default: most are paid at the counter), the method (the form's
 * own by default; any of the four) and the amount, at most the form's refund to the traveller.
 */
export function RefundStepForm({ formId, form, context, onRecorded }: StepFormProps) {
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
      stage: 'FORM_REFUNDED',
      refund_date: context.today,
      paid_amount: fromCents(context.refund),
      paid_method: isRefundMethod(form.method_of_refund) ? form.method_of_refund : '',
    },
  });
  // The panel opened before the form loaded: its focus trap found no field to start on.
  useEffect(() => setFocus('refund_date'), [setFocus]);
  const errors = formState.errors as StepErrors<(typeof FIELDS)[number]>;
  const { submit, alert, isPending } = useStageSubmit({
    formId,
    setError,
    fields: FIELDS,
    onRecorded,
  });
  // Paid once the goods left, on a day the form existed; never in the future.
  const earliest =
    context.exportDate && context.exportDate > context.issueDay
      ? context.exportDate
      : context.issueDay;
  const maximum = formatAmount(fromCents(context.refund), context.currency);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack>
        {alert && <FormAlert>{alert}</FormAlert>}
        <Controller
          control={control}
          name="refund_date"
          render={({ field }) => (
            <DateField
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('formActions.refund.date')}
              description={t('formActions.record.between', {
                from: formatDate(earliest),
                to: formatDate(context.today),
              })}
              required
              min={earliest}
              max={context.today}
              data-autofocus
              error={fieldError(errors.refund_date)}
            />
          )}
        />
        <NativeSelect
          label={t('formActions.refund.method')}
          required
          data={REFUND_METHODS.map((value) => ({
            value,
            label: t(`issueForm.refundMethods.${value}`),
          }))}
          error={fieldError(errors.paid_method)}
          {...register('paid_method')}
        />
        <Controller
          control={control}
          name="paid_amount"
          render={({ field }) => (
            <AmountInput
              ref={field.ref}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('formActions.refund.amount')}
              description={t('formActions.refund.amountHint', { maximum })}
              required
              rightSection={context.currency}
              rightSectionWidth={48}
              error={fieldError(errors.paid_amount)}
            />
          )}
        />
        <Button type="submit" loading={isPending}>
          {t('formActions.refund.submit')}
        </Button>
      </Stack>
    </form>
  );
}

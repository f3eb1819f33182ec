import type { PromotionInput, PromotionValues } from '@taxfree/domain';
import { SimpleGrid } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { useFieldError } from '@/hooks/use-field-error';
import { TimePicker } from './time-picker';

/** The form's days, each typed in the interface language and kept as yyyy-mm-dd. */
const DAYS = {
  start: 'start_date',
  end: 'end_date',
  notification: 'notification_schedule_date',
} as const;

type DayName = (typeof DAYS)[keyof typeof DAYS];

type PromotionScheduleFieldsProps = { control: Control<PromotionInput, unknown, PromotionValues> };

/** When a promotion runs (its start and end days) and when its notification is sent. */
export function PromotionScheduleFields({ control }: PromotionScheduleFieldsProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();

  const dayField = (name: DayName, label: string, deps?: DayName[]) => (
    <Controller
      control={control}
      name={name}
      rules={{ deps }}
      render={({ field, fieldState }) => (
        <DateField
          ref={field.ref}
          name={field.name}
          label={label}
          required
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {dayField(DAYS.start, t('promotions.fields.startDate'), [DAYS.end])}
        {dayField(DAYS.end, t('promotions.fields.endDate'))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {dayField(DAYS.notification, t('promotions.fields.notificationDate'))}
        <Controller
          control={control}
          name="notification_schedule_time"
          render={({ field, fieldState }) => (
            <TimePicker
              label={t('promotions.fields.notificationTime')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(fieldState.error)}
            />
          )}
        />
      </SimpleGrid>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { DUMMY_IMAGES, promotionInputSchema } from '@taxfree/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '@/components/image-upload';
import { useFieldError } from '@/hooks/use-field-error';
import { useSession } from '@/hooks/use-session';
import { handleFormError } from '@/lib/error-handler';
import { withoutFieldPrefix } from '@/lib/field-prefix';
import { notifySuccess } from '@/lib/notify';
import { useSavePromotion } from '../api/promotions';
import type { PromotionFormValues } from '../model/promotion-form';
import { PromotionAudienceFields } from './promotion-audience-fields';
import { PromotionScheduleFields } from './promotion-schedule-fields';

const FIELDS = [
  'title',
  'description',
  'image',
  'start_date',
  'end_date',
  'notification_schedule_date',
  'notification_schedule_time',
  'shopping_behavior',
  'targeted_nationality',
] as const;

type PromotionFormProps = {
  /** The promotion being updated, or null for a new one. */
  promotionId: number | null;
  defaultValues: PromotionFormValues;
  onSaved: () => void;
};

/**
 * The promotion panel's form (SPEC 2 and 5): validated as the user types with the shared
 * schema, and not sent while it is invalid or a picture is still uploading.
 */
export function PromotionForm({ promotionId, defaultValues, onSaved }: PromotionFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const session = useSession();
  const save = useSavePromotion(session);
  const [isUploading, setIsUploading] = useState(false);
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(promotionInputSchema),
    mode: 'onChange',
    defaultValues,
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    save.mutate(
      { id: promotionId, values },
      {
        onSuccess: () => {
          notifySuccess(t('promotions.saved'));
          onSaved();
        },
        onError: (error) =>
          handleFormError(withoutFieldPrefix(error, 'promotion'), setError, FIELDS),
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <ImageUpload
              label={t('promotions.fields.image')}
              placeholder={DUMMY_IMAGES.promotion}
              value={field.value}
              onChange={field.onChange}
              error={fieldError(fieldState.error)}
              onUploadingChange={setIsUploading}
              canRemove={false}
              required
            />
          )}
        />
        <TextInput
          label={t('promotions.fields.title')}
          required
          maxLength={200}
          error={fieldError(errors.title)}
          data-autofocus
          {...register('title')}
        />
        <Textarea
          label={t('promotions.fields.description')}
          required
          autosize
          minRows={3}
          maxRows={10}
          maxLength={5000}
          error={fieldError(errors.description)}
          {...register('description')}
        />
        <PromotionScheduleFields control={control} />
        <PromotionAudienceFields control={control} />
        <Button type="submit" loading={save.isPending} disabled={isUploading}>
          {promotionId === null ? t('promotions.save') : t('promotions.update')}
        </Button>
      </Stack>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { DUMMY_IMAGES, galleryInputSchema } from '@taxfree/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '@/components/image-upload';
import { useFieldError } from '@/hooks/use-field-error';
import { useSession } from '@/hooks/use-session';
import { handleFormError } from '@/lib/error-handler';
import { withoutFieldPrefix } from '@/lib/field-prefix';
import { notifySuccess } from '@/lib/notify';
import { useSaveGalleryItem } from '../api/gallery';
import type { GalleryFormValues } from '../model/gallery-form';

const FIELDS = ['title', 'description', 'image', 'start_date', 'end_date'] as const;

type GalleryFormProps = {
  /** The gallery image being updated, or null for a new one. */
  itemId: number | null;
  defaultValues: GalleryFormValues;
  onSaved: () => void;
};

/** The gallery panel's form (SPEC 2 and 5): a picture (not the placeholder), a title, a text. */
export function GalleryForm({ itemId, defaultValues, onSaved }: GalleryFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const session = useSession();
  const save = useSaveGalleryItem(session);
  const [isUploading, setIsUploading] = useState(false);
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(galleryInputSchema),
    mode: 'onChange',
    defaultValues,
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    save.mutate(
      { id: itemId, values },
      {
        onSuccess: () => {
          notifySuccess(t('gallery.saved'));
          onSaved();
        },
        onError: (error) => handleFormError(withoutFieldPrefix(error, 'gallery'), setError, FIELDS),
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
              label={t('gallery.fields.image')}
              placeholder={DUMMY_IMAGES.gallery}
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
          label={t('gallery.fields.title')}
          required
          maxLength={200}
          error={fieldError(errors.title)}
          data-autofocus
          {...register('title')}
        />
        <Textarea
          label={t('gallery.fields.description')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={5000}
          error={fieldError(errors.description)}
          {...register('description')}
        />
        <Button type="submit" loading={save.isPending} disabled={isUploading}>
          {itemId === null ? t('gallery.save') : t('gallery.update')}
        </Button>
      </Stack>
    </form>
  );
}

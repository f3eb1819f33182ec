import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { profileInputSchema, type Profile, type ProfileInput, type User } from '@taxfree/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useFieldError } from '@/hooks/use-field-error';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import type { Session } from '@/lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { ProfilePictureField } from './profile-picture-field';

const PROFILE_FIELDS = ['name', 'email', 'mobile', 'image'] as const;

type ProfileFormProps = { session: Session; user: User; onSaved: () => void };

/**
 * Name, e-mail, mobile and picture (SPEC 2, 5), checked with the schema the server uses. The
 * country is not shown but travels along unchanged; the picture asks for a thumbnail, which the
 * user menu shows.
 */
export function ProfileForm({ session, user, onSaved }: ProfileFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateProfile(session);
  const [isUploading, setIsUploading] = useState(false);
  const { register, control, handleSubmit, setError, formState } = useForm<
    ProfileInput,
    unknown,
    Profile
  >({
    resolver: zodResolver(profileInputSchema),
    mode: 'onChange',
    defaultValues: {
      name: user.name,
      email: user.email ?? '',
      mobile: user.mobile ?? '',
      image: user.image ?? '',
      country: user.country,
      thumb: true,
    },
  });
  const { errors } = formState;

  const submit = handleSubmit((profile) =>
    update.mutate(profile, {
      onSuccess: ({ message }) => {
        notifySuccess(message || t('success.profileSaved', { ns: 'server' }));
        onSaved();
      },
      onError: (error) => applyFieldErrors(error, setError, PROFILE_FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        {update.isError && (
          <FormAlert title={t('profile.saveFailed')}>{errorMessage(update.error)}</FormAlert>
        )}
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <ProfilePictureField
              value={field.value}
              onChange={field.onChange}
              error={fieldError(fieldState.error)}
              onUploadingChange={setIsUploading}
            />
          )}
        />
        <TextInput
          label={t('profile.name')}
          withAsterisk
          autoComplete="name"
          error={fieldError(errors.name)}
          {...register('name')}
        />
        <TextInput
          label={t('profile.email')}
          type="email"
          withAsterisk
          autoComplete="email"
          error={fieldError(errors.email)}
          {...register('email')}
        />
        <TextInput
          label={t('profile.mobile')}
          type="tel"
          withAsterisk
          autoComplete="tel"
          error={fieldError(errors.mobile)}
          {...register('mobile')}
        />
        <Button type="submit" loading={update.isPending} disabled={isUploading}>
          {t('profile.update')}
        </Button>
      </Stack>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { changePasswordSchema, type ChangePassword } from '@taxfree/domain';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import { useSession } from '@/hooks/use-session';

import { useFieldError } from '@/hooks/use-field-error';

export const CHANGE_PASSWORD_FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;

type ChangePasswordFormProps = {
  isSubmitting: boolean;
  onSubmit: (values: ChangePassword, setError: UseFormSetError<ChangePassword>) => void;
};

/** Old, new and confirmed password; reusable wherever a signed-in user changes it. */
export function ChangePasswordForm({ isSubmitting, onSubmit }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onChange',
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const { errors } = formState;
  const session = useSession();
  const password = useWatch({ control, name: 'password' });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
      <Stack>
        <PasswordField
          label={t('auth.oldPassword')}
          withAsterisk
          autoComplete="current-password"
          error={fieldError(errors.oldPassword)}
          {...register('oldPassword')}
        />
        <PasswordField
          label={t('auth.newPassword')}
          withAsterisk
          autoComplete="new-password"
          error={fieldError(errors.password)}
          {...register('password', { deps: ['confirmPassword'] })}
        />
        <PasswordStrengthMeter
          password={password}
          userInputs={[session?.name ?? '', session?.username ?? '', session?.accountNo ?? '']}
          isRefused={Boolean(errors.password)}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          withAsterisk
          autoComplete="new-password"
          error={fieldError(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t('auth.update')}
        </Button>
      </Stack>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { resetPasswordSchema, type ResetPassword } from '@taxfree/domain';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';

import { useFieldError } from '@/hooks/use-field-error';

export const RESET_PASSWORD_FIELDS = ['accountno', 'password', 'confirmPassword'] as const;

type ResetPasswordFormProps = {
  token: string;
  isSubmitting: boolean;
  onSubmit: (values: ResetPassword, setError: UseFormSetError<ResetPassword>) => void;
};

export function ResetPasswordForm({ token, isSubmitting, onSubmit }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onChange',
    defaultValues: { token, accountno: '', password: '', confirmPassword: '' },
  });
  const { errors } = formState;
  const [password, accountNo] = useWatch({ control, name: ['password', 'accountno'] });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
      <input type="hidden" {...register('token')} />
      <Stack>
        <TextInput
          label={t('auth.accountNo')}
          withAsterisk
          autoComplete="off"
          error={fieldError(errors.accountno)}
          {...register('accountno')}
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
          userInputs={[accountNo]}
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

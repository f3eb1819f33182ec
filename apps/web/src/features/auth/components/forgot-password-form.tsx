import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { forgotPasswordSchema, type ForgotPassword } from '@taxfree/domain';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/hooks/use-field-error';

export const FORGOT_PASSWORD_FIELDS = ['accountno', 'email'] as const;

type ForgotPasswordFormProps = {
  isSubmitting: boolean;
  onSubmit: (values: ForgotPassword, setError: UseFormSetError<ForgotPassword>) => void;
};

export function ForgotPasswordForm({ isSubmitting, onSubmit }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onChange',
    defaultValues: { accountno: '', email: '' },
  });
  const { errors } = formState;

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
      <Stack>
        <TextInput
          label={t('auth.accountNo')}
          withAsterisk
          autoComplete="off"
          error={fieldError(errors.accountno)}
          {...register('accountno')}
        />
        <TextInput
          label={t('auth.email')}
          type="email"
          withAsterisk
          autoComplete="email"
          error={fieldError(errors.email)}
          {...register('email')}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { loginFormSchema, type LoginForm as LoginFormValues } from '@taxfree/domain';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { useFieldError } from '@/hooks/use-field-error';

export const LOGIN_FIELDS = ['accountno', 'username', 'password'] as const;

type LoginFormProps = {
  isSubmitting: boolean;
  onSubmit: (values: LoginFormValues, setError: UseFormSetError<LoginFormValues>) => void;
};

/** Account number, username and password, checked as the user types (SPEC 5). */
export function LoginForm({ isSubmitting, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(loginFormSchema),
    mode: 'onChange',
    defaultValues: { accountno: '', username: '', password: '' },
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
          label={t('auth.username')}
          withAsterisk
          autoComplete="username"
          error={fieldError(errors.username)}
          {...register('username')}
        />
        <PasswordField
          label={t('auth.password')}
          withAsterisk
          autoComplete="current-password"
          error={fieldError(errors.password)}
          {...register('password')}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

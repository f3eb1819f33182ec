import { Button, Stack, TextInput } from '@mantine/core';
import { checkText, LOGIN_RULES, type LoginForm as LoginFormValues } from '@taxfree/domain';
import { useForm, type RegisterOptions, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { useFieldError } from '@/hooks/use-field-error';

export const LOGIN_FIELDS = ['accountno', 'username', 'password'] as const;

type LoginFormProps = {
  isSubmitting: boolean;
  onSubmit: (values: LoginFormValues, setError: UseFormSetError<LoginFormValues>) => void;
};

/**
 * The domain's login rules as the form library's own check: the login page carries no schema
 * library, and the server checks the same rules (loginFormSchema).
 */
const ruleOf = (field: (typeof LOGIN_FIELDS)[number]): RegisterOptions<LoginFormValues> => ({
  validate: (value) => checkText(LOGIN_RULES[field], String(value ?? '')) ?? true,
});

/** Account number, username and password, checked as the user types (SPEC 5). */
export function LoginForm({ isSubmitting, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, setError, formState } = useForm<LoginFormValues>({
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
          {...register('accountno', ruleOf('accountno'))}
        />
        <TextInput
          label={t('auth.username')}
          withAsterisk
          autoComplete="username"
          error={fieldError(errors.username)}
          {...register('username', ruleOf('username'))}
        />
        <PasswordField
          label={t('auth.password')}
          withAsterisk
          autoComplete="current-password"
          error={fieldError(errors.password)}
          {...register('password', ruleOf('password'))}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

import { Button, Stack, TextInput } from '@mantine/core';
import { checkText, LOGIN_RULES, type LoginForm as LoginFormValues } from '@taxfree/domain';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldError, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { useFieldError } from '@/hooks/use-field-error';

export const LOGIN_FIELDS = ['accountno', 'username', 'password'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];

type LoginFormProps = {
  isSubmitting: boolean;
  /** `setError` puts the server's field errors on the fields, as a react-hook-form form does. */
  onSubmit: (values: LoginFormValues, setError: UseFormSetError<LoginFormValues>) => void;
};

const invalid = (message: string): FieldError => ({ type: 'validate', message });

/**
 * Account number, username and password, checked as the user types (SPEC 5) against the domain's
 * login rules, which the server checks too. Three fields need no form library: keeping it off the
 * login page keeps the first page anyone sees small (the other forms use react-hook-form).
 */
export function LoginForm({ isSubmitting, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [values, setValues] = useState<LoginFormValues>({
    accountno: '',
    username: '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<LoginField, FieldError>>>({});

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    const message = checkText(LOGIN_RULES[field], value);
    setErrors((current) => ({ ...current, [field]: message ? invalid(message) : undefined }));
  };

  const setError: UseFormSetError<LoginFormValues> = (name, error) => {
    if (!LOGIN_FIELDS.includes(name as LoginField)) return;
    setErrors((current) => ({
      ...current,
      [name]: { type: error.type ?? 'server', message: error.message ?? '' },
    }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<LoginField, FieldError>> = {};
    for (const field of LOGIN_FIELDS) {
      const message = checkText(LOGIN_RULES[field], values[field]);
      if (message) found[field] = invalid(message);
    }
    const first = LOGIN_FIELDS.find((field) => found[field]);
    if (first) {
      setErrors(found);
      const input = event.currentTarget.elements.namedItem(first);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    onSubmit(values, setError);
  };

  const fieldProps = (field: LoginField) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: fieldError(errors[field]),
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('auth.accountNo')}
          withAsterisk
          autoComplete="off"
          {...fieldProps('accountno')}
        />
        <TextInput
          label={t('auth.username')}
          withAsterisk
          autoComplete="username"
          {...fieldProps('username')}
        />
        <PasswordField
          label={t('auth.password')}
          withAsterisk
          autoComplete="current-password"
          {...fieldProps('password')}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

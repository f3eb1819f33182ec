import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's password input with its show/hide toggle labelled in the user's language. */
export function PasswordField(props: PasswordInputProps & { ref?: React.Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      // Mantine marks only the wrapper of a password input as invalid; screen readers need it on
      // the input itself.
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
    />
  );
}

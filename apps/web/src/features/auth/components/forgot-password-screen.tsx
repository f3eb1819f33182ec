import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormAlert } from '@/components/form-alert';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { navigate } from '@/lib/hash-location';
import type { RouteState } from '@/lib/route-state';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthHeading } from './auth-heading';
import { FORGOT_PASSWORD_FIELDS, ForgotPasswordForm } from './forgot-password-form';

/** Asks for a reset link; the login screen then shows the server's confirmation. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();

  return (
    <Stack>
      <AuthHeading
        title={t('auth.forgotPassword.title')}
        subtitle={t('auth.forgotPassword.subtitle')}
      />
      {requestReset.isError && (
        <FormAlert title={t('auth.forgotPassword.failed')}>
          {errorMessage(requestReset.error)}
        </FormAlert>
      )}
      <ForgotPasswordForm
        isSubmitting={requestReset.isPending}
        onSubmit={(values, setError) =>
          requestReset.mutate(values, {
            onSuccess: ({ message }) => {
              const state: RouteState = {
                notice: message || t('success.resetEmailSent', { ns: 'server' }),
              };
              navigate('/login', { state });
            },
            onError: (error) => applyFieldErrors(error, setError, FORGOT_PASSWORD_FIELDS),
          })
        }
      />
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}

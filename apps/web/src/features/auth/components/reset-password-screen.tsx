import { Anchor, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useLinkLanguage } from '@/hooks/use-link-language';
import { navigate, useSearchParams } from '@/lib/hash-location';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { RouteState } from '@/lib/route-state';
import { isSignedIn } from '@/lib/session';
import { useResetPassword, useResetTokenCheck } from '../api/reset-password';
import { AuthHeading } from './auth-heading';
import { RESET_PASSWORD_FIELDS, ResetPasswordForm } from './reset-password-form';

/** The token arrives as `#/resetPassword?token=…` (or, from older links, before the hash). */
function useResetToken(): string {
  const params = useSearchParams();
  return (
    params.get('token') ??
    new URLSearchParams(window.location.search).get('token') ??
    ''
  ).trim();
}

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  // The e-mail's language (`&lang=`), before anything is said on the page.
  const isInLanguage = useLinkLanguage();
  const token = useResetToken();
  const check = useResetTokenCheck(token);
  const resetPassword = useResetPassword();
  const isInvalid = token === '' || check.isError;

  // A missing, expired or used link: say so and leave (SPEC 2).
  useEffect(() => {
    if (!isInvalid || !isInLanguage) return;
    notifyError(
      check.isError ? errorMessage(check.error) : t('resetTokenInvalid', { ns: 'validation' }),
    );
    navigate('/', { replace: true });
  }, [isInvalid, isInLanguage, check.isError, check.error, t]);

  if (!check.isSuccess || !isInLanguage) return <PageLoader />;

  return (
    <Stack>
      <AuthHeading
        title={t('auth.resetPassword.title')}
        subtitle={t('auth.resetPassword.subtitle')}
      />
      {resetPassword.isError && (
        <FormAlert title={t('auth.resetPassword.failed')}>
          {errorMessage(resetPassword.error)}
        </FormAlert>
      )}
      <ResetPasswordForm
        token={token}
        isSubmitting={resetPassword.isPending}
        onSubmit={(values, setError) =>
          resetPassword.mutate(values, {
            onSuccess: ({ message }) => {
              const notice = message || t('success.passwordReset', { ns: 'server' });
              // Signed out, "/" shows the login, which displays the notice; signed in, a toast does.
              if (isSignedIn()) notifySuccess(notice);
              const state: RouteState = { notice };
              navigate('/', { replace: true, state });
            },
            onError: (error) => applyFieldErrors(error, setError, RESET_PASSWORD_FIELDS),
          })
        }
      />
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}

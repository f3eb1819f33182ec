import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { CHANGE_PASSWORD_FIELDS, ChangePasswordForm } from '@/components/change-password-form';
import { FormAlert } from '@/components/form-alert';
import { useSession } from '@/hooks/use-session';
import { useChangePassword } from '@/lib/change-password';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { navigate } from '@/lib/hash-location';
import { notifySuccess } from '@/lib/notify';
import { markPasswordChanged } from '@/lib/session';
import { AuthHeading } from './auth-heading';

/** Where a first login lands: the password must be changed before anything else. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const changePassword = useChangePassword(session?.companyId ?? '');

  // The call needs a session; without one there is nothing to change yet.
  if (!session) return <Redirect to="/login" replace />;

  return (
    <Stack>
      <AuthHeading
        title={t('auth.changePassword.title')}
        subtitle={t('auth.changePassword.subtitle')}
      />
      {changePassword.isError && (
        <FormAlert title={t('auth.changePassword.failed')}>
          {errorMessage(changePassword.error)}
        </FormAlert>
      )}
      <ChangePasswordForm
        isSubmitting={changePassword.isPending}
        onSubmit={(values, setError) =>
          changePassword.mutate(values, {
            onSuccess: ({ message }) => {
              markPasswordChanged();
              notifySuccess(message || t('success.passwordChanged', { ns: 'server' }));
              navigate('/', { replace: true });
            },
            onError: (error) => applyFieldErrors(error, setError, CHANGE_PASSWORD_FIELDS),
          })
        }
      />
      {!session.isFirstLogin && (
        <Anchor component={Link} to="/" size="sm" ta="center">
          {t('actions.goHome')}
        </Anchor>
      )}
    </Stack>
  );
}

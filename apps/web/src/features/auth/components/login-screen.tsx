import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { FormAlert } from '@/components/form-alert';
import { useSession } from '@/hooks/use-session';
import { navigate, useRouteState } from '@/lib/hash-location';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { readNotice, readReturnPath } from '@/lib/route-state';
import { startSession } from '@/lib/session';
import { useLogin } from '../api/login';
import { AuthHeading } from './auth-heading';
import { LOGIN_FIELDS, LoginForm } from './login-form';

export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const login = useLogin();
  const routeState = useRouteState();
  const notice = readNotice(routeState);

  // Someone already signed in has nothing to do here (a first login goes on to change password).
  if (session && !login.isSuccess) return <Redirect to="/" replace />;

  return (
    <Stack>
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      {login.isError && (
        <FormAlert title={t('auth.login.failed')}>{errorMessage(login.error)}</FormAlert>
      )}
      <LoginForm
        isSubmitting={login.isPending}
        onSubmit={(values, setError) =>
          login.mutate(values, {
            onSuccess: ({ data, message }) => {
              startSession(data);
              notifySuccess(message || t('success.loginSuccessful', { ns: 'server' }));
              navigate(data.firstLogin === 1 ? '/changePassword' : readReturnPath(routeState), {
                replace: true,
              });
            },
            onError: (error) => applyFieldErrors(error, setError, LOGIN_FIELDS),
          })
        }
      />
      <Anchor component={Link} to="/forgotPassword" size="sm" ta="center">
        {t('auth.login.forgotPassword')}
      </Anchor>
    </Stack>
  );
}

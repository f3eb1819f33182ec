import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHANGE_PASSWORD_FIELDS, ChangePasswordForm } from '@/components/change-password-form';
import { FormAlert } from '@/components/form-alert';
import { useChangePassword } from '@/lib/change-password';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import type { Session } from '@/lib/session';

type PasswordTabProps = { session: Session; onSaved: () => void };

/**
 * Change Password (SPEC 2, 5): the same form and call as the first-login screen. A failure shows
 * in the alert above the form, field errors on their fields; success says so, then `onSaved`.
 */
export function PasswordTab({ session, onSaved }: PasswordTabProps) {
  const { t } = useTranslation();
  const changePassword = useChangePassword(session.companyId);

  return (
    <Stack>
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
              notifySuccess(message || t('success.passwordChanged', { ns: 'server' }));
              onSaved();
            },
            onError: (error) => applyFieldErrors(error, setError, CHANGE_PASSWORD_FIELDS),
          })
        }
      />
    </Stack>
  );
}

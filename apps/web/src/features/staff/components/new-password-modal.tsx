import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { staffPasswordSchema, type StaffUser } from '@taxfree/domain';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { PasswordField } from '@/components/password-field';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import { useFieldError } from '@/hooks/use-field-error';
import { handleFormError } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { useGiveStaffPassword } from '../api/staff';

const passwordFormSchema = z.object({ password: staffPasswordSchema });

type NewPasswordFormProps = { companyId: string; user: StaffUser; onDone: () => void };

/** A new first password for a user who forgot theirs; a weak one is refused on the field. */
function NewPasswordForm({ companyId, user, onDone }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const give = useGiveStaffPassword(companyId);
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(passwordFormSchema),
    // Checked on Save, then as the fields change: a check on leaving a field would move the
    // button under the pointer between its press and its release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(({ password: chosen }) =>
    give.mutate(
      { userId: user.user_id, password: chosen },
      {
        onSuccess: () => {
          notifySuccess(t('staff.password.done'));
          onDone();
        },
        onError: (error) => handleFormError(error, setError, ['password']),
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <Text size="sm">{t('staff.password.hint', { name: user.name })}</Text>
        <PasswordField
          label={t('staff.fields.firstPassword')}
          required
          autoComplete="new-password"
          error={fieldError(formState.errors.password)}
          data-autofocus
          {...register('password')}
        />
        <PasswordStrengthMeter
          password={password}
          userInputs={[user.name, user.username, user.email ?? '']}
          isRefused={Boolean(formState.errors.password)}
        />
        <Button type="submit" loading={give.isPending}>
          {t('staff.password.save')}
        </Button>
      </Stack>
    </form>
  );
}

type NewPasswordModalProps = { companyId: string; user: StaffUser | null; onClose: () => void };

/** The Give a new password dialog of the user chosen; closed while there is none. */
export function NewPasswordModal({ companyId, user, onClose }: NewPasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      centered
      title={user ? t('staff.password.title', { name: user.name }) : ''}
    >
      {user && (
        <NewPasswordForm key={user.user_id} companyId={companyId} user={user} onDone={onClose} />
      )}
    </Modal>
  );
}

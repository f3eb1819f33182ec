import { Button, Modal, NativeSelect, Stack } from '@mantine/core';
import type { StaffUser } from '@taxfree/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useBranchOptions } from '@/hooks/use-branch-options';
import { useFieldError } from '@/hooks/use-field-error';
import { applyFieldErrors, errorMessage } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { useChangeStaffUser } from '../api/staff';
import {
  USER_CHANGE_FIELDS,
  toStaffChange,
  toUserChangeValues,
  type UserChangeValues,
} from '../model/user-change';
import { useRoleOptions } from './use-staff-options';

type ChangeUserFormProps = {
  companyId: string;
  user: StaffUser;
  isSelf: boolean;
  onDone: () => void;
};

/** Role and branch of one user; the server's refusal (the last manager) shows above the button. */
function ChangeUserForm({ companyId, user, isSelf, onDone }: ChangeUserFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const change = useChangeStaffUser(companyId);
  const roles = useRoleOptions();
  const branches = useBranchOptions(t('staff.fields.chooseBranch'));
  const { control, handleSubmit, setError } = useForm<UserChangeValues>({
    defaultValues: toUserChangeValues(user),
  });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = handleSubmit((values) => {
    const changed = toStaffChange(user, values);
    if (!changed) return onDone();
    setProblem(null);
    change.mutate(
      { userId: user.user_id, change: changed },
      {
        onSuccess: () => {
          notifySuccess(t('staff.edit.saved'));
          onDone();
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, USER_CHANGE_FIELDS)) {
            setProblem(errorMessage(error));
          }
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <NativeSelect
              {...field}
              label={t('staff.fields.role')}
              data={roles}
              disabled={isSelf}
              description={isSelf ? t('staff.edit.ownRole') : undefined}
              error={fieldError(fieldState.error)}
              data-autofocus
            />
          )}
        />
        <Controller
          control={control}
          name="branch_id"
          render={({ field, fieldState }) => (
            <NativeSelect
              {...field}
              label={t('staff.fields.branch')}
              data={branches}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        {problem && <FormAlert>{problem}</FormAlert>}
        <Button type="submit" loading={change.isPending}>
          {t('staff.edit.save')}
        </Button>
      </Stack>
    </form>
  );
}

type ChangeUserModalProps = Omit<ChangeUserFormProps, 'user' | 'onDone'> & {
  user: StaffUser | null;
  onClose: () => void;
};

/** The Change role or branch dialog of the user chosen; closed while there is none. */
export function ChangeUserModal({ user, onClose, ...props }: ChangeUserModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      centered
      title={user ? t('staff.edit.title', { name: user.name }) : ''}
    >
      {user && <ChangeUserForm key={user.user_id} user={user} onDone={onClose} {...props} />}
    </Modal>
  );
}

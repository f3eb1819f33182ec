import { zodResolver } from '@hookform/resolvers/zod';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBranchOptions } from '@/hooks/use-branch-options';
import { useFieldError } from '@/hooks/use-field-error';
import { handleFormError } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { useAddStaffUser } from '../api/staff';
import {
  NEW_USER_FIELDS,
  emptyNewUser,
  newUserFormSchema,
  toNewUserPayload,
} from '../model/new-user-form';
import { PasswordSetupFields } from './password-setup-fields';
import { useRoleOptions } from './use-staff-options';

/** The toast naming the address a link went to stays long enough to read it. */
const INVITED_TOAST_MS = 6000;

type AddUserFormProps = { companyId: string; branchId: string; onAdded: () => void };

/**
 * A new manager or clerk: who it is, its role and branch, and either a first password the user
 * changes at the first sign-in or a link e-mailed to set one. The server's refusals (a taken
 * username, a weak password) go on the field.
 */
export function AddUserForm({ companyId, branchId, onAdded }: AddUserFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddStaffUser(companyId);
  const roles = useRoleOptions();
  const branches = useBranchOptions(t('staff.fields.chooseBranch'));
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(newUserFormSchema),
    // Checked on Save, then as the fields change: a check on leaving a field would move the
    // button under the pointer between its press and its release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyNewUser(branchId),
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    add.mutate(toNewUserPayload(values), {
      onSuccess: () => {
        if (values.password_setup === 'email_link') {
          // Where the link went is worth reading: longer than a plain "added".
          notifySuccess(t('staff.addUser.invited', { email: values.email }), {
            autoClose: INVITED_TOAST_MS,
          });
        } else {
          notifySuccess(t('staff.addUser.added'));
        }
        onAdded();
      },
      onError: (error) => handleFormError(error, setError, NEW_USER_FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label={t('staff.fields.username')}
          required
          autoComplete="off"
          error={fieldError(errors.username)}
          data-autofocus
          {...register('username')}
        />
        <TextInput
          label={t('staff.fields.name')}
          required
          error={fieldError(errors.name)}
          {...register('name')}
        />
        <TextInput
          label={t('staff.fields.email')}
          type="email"
          required
          error={fieldError(errors.email)}
          {...register('email')}
        />
        <TextInput
          label={t('staff.fields.mobile')}
          type="tel"
          error={fieldError(errors.mobile)}
          {...register('mobile')}
        />
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <NativeSelect
              {...field}
              label={t('staff.fields.role')}
              required
              data={roles}
              error={fieldError(fieldState.error)}
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
              required
              data={branches}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <PasswordSetupFields control={control} register={register} />
        <Button type="submit" loading={add.isPending}>
          {t('staff.addUser.save')}
        </Button>
      </Stack>
    </form>
  );
}

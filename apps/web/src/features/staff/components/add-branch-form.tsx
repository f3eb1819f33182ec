import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { newBranchSchema } from '@taxfree/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/hooks/use-field-error';
import { handleFormError } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { useAddBranch } from '../api/branches';
import { EMPTY_BRANCH, NEW_BRANCH_FIELDS, toNewBranchPayload } from '../model/new-branch-form';

type AddBranchFormProps = { companyId: string; onAdded: () => void };

/** A new branch (shop) of the company: its name, unique in the company, and where it is. */
export function AddBranchForm({ companyId, onAdded }: AddBranchFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddBranch(companyId);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(newBranchSchema),
    // Checked on Save, then as the fields change: a check on leaving a field would move the
    // button under the pointer between its press and its release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_BRANCH,
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    add.mutate(toNewBranchPayload(values), {
      onSuccess: () => {
        notifySuccess(t('staff.branches.added'));
        onAdded();
      },
      onError: (error) => handleFormError(error, setError, NEW_BRANCH_FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label={t('staff.branches.fields.name')}
          required
          maxLength={255}
          error={fieldError(errors.branch_name)}
          data-autofocus
          {...register('branch_name')}
        />
        <TextInput
          label={t('staff.branches.fields.address')}
          maxLength={255}
          error={fieldError(errors.address)}
          {...register('address')}
        />
        <TextInput
          label={t('staff.branches.fields.city')}
          maxLength={100}
          error={fieldError(errors.city)}
          {...register('city')}
        />
        <TextInput
          label={t('staff.branches.fields.postcode')}
          maxLength={20}
          error={fieldError(errors.postcode)}
          {...register('postcode')}
        />
        <Button type="submit" loading={add.isPending}>
          {t('staff.branches.save')}
        </Button>
      </Stack>
    </form>
  );
}

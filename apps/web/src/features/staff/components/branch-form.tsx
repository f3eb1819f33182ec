import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { newBranchSchema, type Branch } from '@taxfree/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/hooks/use-field-error';
import { handleFormError } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { useSaveBranch } from '../api/branches';
import {
  EMPTY_BRANCH,
  NEW_BRANCH_FIELDS,
  toBranchFormValues,
  toNewBranchPayload,
} from '../model/new-branch-form';

type BranchFormProps = {
  companyId: string;
  /** The branch to change, filled in; none for a new branch. */
  branch?: Branch | undefined;
  onSaved: () => void;
};

/**
 * A branch (shop) of the company, new or changed: its name, unique in the company, and where it
 * is. The same rules both ways (the domain's schema of a new branch).
 */
export function BranchForm({ companyId, branch, onSaved }: BranchFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveBranch(companyId, branch?.retailer_branch_id ?? null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(newBranchSchema),
    // Checked on Save, then as the fields change: a check on leaving a field would move the
    // button under the pointer between its press and its release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: branch ? toBranchFormValues(branch) : EMPTY_BRANCH,
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    save.mutate(toNewBranchPayload(values), {
      onSuccess: () => {
        notifySuccess(branch ? t('staff.branches.saved') : t('staff.branches.added'));
        onSaved();
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
        <Button type="submit" loading={save.isPending}>
          {t('staff.branches.save')}
        </Button>
      </Stack>
    </form>
  );
}

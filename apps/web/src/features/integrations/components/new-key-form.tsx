import { zodResolver } from '@hookform/resolvers/zod';
import type { CreatedApiKey } from '@taxfree/domain';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { useBranchOptions } from '@/hooks/use-branch-options';
import { useFieldError } from '@/hooks/use-field-error';
import { handleFormError } from '@/lib/error-handler';
import { useCreateApiKey } from '../api/api-keys';
import {
  emptyNewKey,
  NEW_KEY_FIELDS,
  newKeyFormSchema,
  toNewKeyPayload,
} from '../model/new-key-form';

type NewKeyFormProps = {
  companyId: string;
  branchId: string;
  onCreated: (created: CreatedApiKey) => void;
};

/** A new key: the till it is for, its branch, and the last day it works (none by default). */
export function NewKeyForm({ companyId, branchId, onCreated }: NewKeyFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateApiKey(companyId);
  const branchOptions = useBranchOptions(t('integrations.keys.fields.chooseBranch'));
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(newKeyFormSchema),
    // Checked on Save, then as the fields change: a check on leaving a field would move the
    // button under the pointer between its press and its release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyNewKey(branchId),
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    create.mutate(toNewKeyPayload(values), {
      onSuccess: onCreated,
      onError: (error) => handleFormError(error, setError, NEW_KEY_FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label={t('integrations.keys.fields.name')}
          description={t('integrations.keys.fields.nameHint')}
          required
          maxLength={80}
          autoComplete="off"
          error={fieldError(errors.name)}
          data-autofocus
          {...register('name')}
        />
        <Controller
          control={control}
          name="branch_id"
          render={({ field, fieldState }) => (
            <NativeSelect
              {...field}
              label={t('integrations.keys.fields.branch')}
              required
              data={branchOptions}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name="expires_on"
          render={({ field, fieldState }) => (
            <DateField
              ref={field.ref}
              name={field.name}
              label={t('integrations.keys.fields.lastDay')}
              description={t('integrations.keys.fields.lastDayHint')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <Button type="submit" loading={create.isPending}>
          {t('integrations.keys.createSubmit')}
        </Button>
      </Stack>
    </form>
  );
}

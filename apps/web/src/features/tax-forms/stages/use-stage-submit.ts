import type { FormStageStep } from '@taxfree/domain';
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { applyFieldErrors, errorMessage, type FormFields } from '@/lib/error-handler';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { notifySuccess } from '@/lib/notify';
import { useRecordFormStage } from '../api/tax-form-stages';

type StageSubmitOptions<T extends FieldValues> = {
  formId: number;
  setError?: UseFormSetError<T>;
  fields?: FormFields<T>;
  onRecorded: () => void;
};

/**
 * Sends one step of a panel: one key per opened panel (the panel's form mounts afresh each time),
 * so a double submit or a retry records once. The server's field errors go on their fields;
 * anything else (a refusal of the order, 409) is the `alert` above them, in the user's language.
 */
export function useStageSubmit<T extends FieldValues>({
  formId,
  setError,
  fields = [],
  onRecorded,
}: StageSubmitOptions<T>) {
  const { t } = useTranslation();
  const session = useSession();
  const record = useRecordFormStage(session);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [alert, setAlert] = useState<string | null>(null);

  const submit = (step: FormStageStep) => {
    setAlert(null);
    record.mutate(
      { formId, step, idempotencyKey },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || t('formActions.record.success'));
          onRecorded();
        },
        onError: (error) => {
          const isPlaced = setError ? applyFieldErrors(error, setError, fields) : false;
          if (!isPlaced) setAlert(errorMessage(error));
        },
      },
    );
  };

  return { submit, alert, isPending: record.isPending };
}

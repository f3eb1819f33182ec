import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormStage, FormStageEntry, FormStageStep, TaxFormListItem } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { taxFormKeys } from '@/lib/tax-form-keys';
import { branchPath, listTaxForms, type Tenant } from './tax-forms';

/** What `POST …/taxforms/{formId}/stages` answers: the form's new stage and the step kept. */
export type RecordedStep = {
  id: number;
  barcode: string;
  status: FormStage;
  step: FormStageEntry;
};

/**
 * `POST …/taxforms/{formId}/stages` (docs/decisions/018): the form's next stage with its details.
 * The key makes a double submit record once: the server answers a repeated key with the first
 * answer.
 */
export function recordFormStage(
  tenant: Tenant,
  formId: number,
  step: FormStageStep,
  idempotencyKey: string,
) {
  return api.post<RecordedStep>(`${branchPath(tenant)}/taxforms/${formId}/stages`, step, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

type RecordVariables = { formId: number; step: FormStageStep; idempotencyKey: string };

/** A recorded stage reloads every screen that shows forms: the list, the panels, Home's worklist. */
export function useRecordFormStage(tenant: Tenant | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, step, idempotencyKey }: RecordVariables) =>
      recordFormStage(tenant ?? { companyId: '', branchId: '' }, formId, step, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxFormKeys.all }),
    // The panel puts field errors on its fields and shows the rest above them.
    meta: { handlesErrors: true },
  });
}

/**
 * `POST …/taxforms/{formId}/mail`: sends the form to the traveller again (202), to `email` when
 * given (kept on the form), else to the form's own address; `FORM_NO_EMAIL` (409) when there is
 * none. The key makes a double submit send once.
 */
export async function sendFormMail(
  tenant: Tenant,
  formId: number,
  { email, idempotencyKey }: { email?: string; idempotencyKey: string },
) {
  const response = await api.post<{ recipient: string }>(
    `${branchPath(tenant)}/taxforms/${formId}/mail`,
    email ? { email } : undefined,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return { recipient: response.data.recipient, message: response.message };
}

type MailVariables = { formId: number; email?: string; idempotencyKey: string };

export function useSendFormMail(tenant: Tenant | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, ...options }: MailVariables) =>
      sendFormMail(tenant ?? { companyId: '', branchId: '' }, formId, options),
    // A new address is kept on the form (the list shows it), and its audit trail shows the e-mail.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxFormKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** The branch's form with this barcode, or null: the list's search answers exactly that form. */
export async function findFormByBarcode(
  tenant: Tenant,
  barcode: string,
): Promise<TaxFormListItem | null> {
  const { items } = await listTaxForms(tenant, { page: 1, search: barcode });
  return items.find((form) => form.barcode === barcode) ?? null;
}

/** Finds a scanned form; the dialog shows what is wrong itself. */
export function useFindFormByBarcode(tenant: Tenant | null) {
  return useMutation({
    mutationFn: (barcode: string) =>
      findFormByBarcode(tenant ?? { companyId: '', branchId: '' }, barcode),
    meta: { handlesErrors: true },
  });
}

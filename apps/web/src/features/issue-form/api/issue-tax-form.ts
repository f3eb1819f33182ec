import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxFormPayloadInput } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, type Tenant } from '@/lib/company-data';
import { taxFormKeys } from '@/lib/tax-form-keys';
import type { SavedForm } from './issue-form-api';

export function issueTaxForm(tenant: Tenant, payload: TaxFormPayloadInput, idempotencyKey: string) {
  return api.post<SavedForm>(`${branchPath(tenant)}/taxforms/issue`, payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

type IssueVariables = { payload: TaxFormPayloadInput; idempotencyKey: string };

/** `POST …/taxforms/issue`; a new form reloads every screen that shows forms. */
export function useIssueTaxForm(tenant: Tenant) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: IssueVariables) =>
      issueTaxForm(tenant, payload, idempotencyKey),
    // Not awaited: the form goes on (a new form, or the printout) while the lists reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taxFormKeys.all });
    },
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxFormPayloadInput } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, type Tenant } from '@/lib/company-data';
import { taxFormKeys } from '@/lib/tax-form-keys';
import type { SavedForm } from './issue-form-api';

export function updateTaxForm(tenant: Tenant, id: number, payload: TaxFormPayloadInput) {
  return api.post<SavedForm>(`${branchPath(tenant)}/taxforms/update/${id}`, payload);
}

type UpdateVariables = { id: number; payload: TaxFormPayloadInput };

/** `POST …/taxforms/update/{id}`; the changed form reloads every screen that shows forms. */
export function useUpdateTaxForm(tenant: Tenant) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: UpdateVariables) => updateTaxForm(tenant, id, payload),
    // Not awaited: the printout opens while the lists reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taxFormKeys.all });
    },
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxFormPayloadInput } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, type Tenant } from '@/lib/company-data';
import { taxFormKeys } from '@/lib/tax-form-keys';
import type { SavedForm } from './issue-form-api';

/**
 * Sent with the version the panel opened, the server refuses the update (409 FORM_CHANGED) when
 * someone changed the form since, rather than silently undoing their change.
 */
export function updateTaxForm(
  tenant: Tenant,
  id: number,
  payload: TaxFormPayloadInput,
  version: number | null,
) {
  return api.post<SavedForm>(`${branchPath(tenant)}/taxforms/update/${id}`, payload, {
    ...(version !== null && { headers: { 'If-Match': `"${version}"` } }),
  });
}

type UpdateVariables = { id: number; payload: TaxFormPayloadInput; version: number | null };

/** `POST …/taxforms/update/{id}`; the changed form reloads every screen that shows forms. */
export function useUpdateTaxForm(tenant: Tenant) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload, version }: UpdateVariables) =>
      updateTaxForm(tenant, id, payload, version),
    // Not awaited: the printout opens while the lists reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taxFormKeys.all });
    },
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

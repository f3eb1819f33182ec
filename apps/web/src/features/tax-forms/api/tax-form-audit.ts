import { useQuery } from '@tanstack/react-query';
import type { FormAuditEntry } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { taxFormKeys } from '@/lib/tax-form-keys';
import { branchPath, type Tenant } from './tax-forms';

/** `GET …/taxforms/{id}/audit`: who did what to the form, and when, oldest first. */
export async function listFormAudit(
  tenant: Tenant,
  formId: number,
  signal?: AbortSignal,
): Promise<FormAuditEntry[]> {
  const response = await api.get<FormAuditEntry[]>(
    `${branchPath(tenant)}/taxforms/${formId}/audit`,
    { signal },
  );
  return response.data ?? [];
}

/**
 * Kept under the form's stages: whatever reloads the stages (a stage recorded, a form saved)
 * reloads its history too.
 */
export const formAuditKey = (formId: number) => [...taxFormKeys.status(formId), 'audit'] as const;

export function useFormAudit(tenant: Tenant | null, formId: number | null) {
  return useQuery({
    queryKey: formAuditKey(formId ?? 0),
    queryFn: ({ signal }) =>
      listFormAudit(tenant ?? { companyId: '', branchId: '' }, formId ?? 0, signal),
    enabled: Boolean(tenant?.companyId && tenant.branchId && formId),
    // Printing and e-mailing add entries without touching the stages: read it afresh each time.
    staleTime: 0,
    // The panel shows the failure itself.
    meta: { handlesErrors: true },
  });
}

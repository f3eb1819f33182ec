import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormCounts } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, companyPath, type Tenant } from '@/lib/company-data';
import { taxFormKeys } from '@/lib/tax-form-keys';

/**
 * Forms issued today, in the last week and in the last month (SPEC 7), of the branch
 * (`…/retailers/{id}/taxforms/count`) or, for a manager, of every branch
 * (`/companies/{id}/taxforms/count`).
 */
export function getFormCounts(tenant: Tenant, allBranches = false): Promise<FormCounts> {
  const owner = allBranches ? companyPath(tenant.companyId) : branchPath(tenant);
  return api.get<FormCounts>(`${owner}/taxforms/count`).then((response) => response.data);
}

export function formCountsQuery(tenant: Tenant, allBranches = false) {
  return queryOptions({
    queryKey: taxFormKeys.counts(tenant, allBranches),
    queryFn: () => getFormCounts(tenant, allBranches),
    // The dashboard shows the failure in place of the counters.
    meta: { handlesErrors: true },
  });
}

export function useFormCounts(tenant: Tenant | null, allBranches = false) {
  return useQuery({
    ...formCountsQuery(tenant ?? { companyId: '', branchId: '' }, allBranches),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

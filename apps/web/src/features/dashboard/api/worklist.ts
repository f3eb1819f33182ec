import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Worklist } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, companyPath, type Tenant } from '@/lib/company-data';
import { taxFormKeys } from '@/lib/tax-form-keys';

/**
 * Home's worklist: what the shop has to do next, of the branch (`…/retailers/{id}/taxforms/worklist`)
 * or, for a manager, of every branch (`/companies/{id}/taxforms/worklist`).
 */
export function getWorklist(tenant: Tenant, allBranches = false): Promise<Worklist> {
  const owner = allBranches ? companyPath(tenant.companyId) : branchPath(tenant);
  return api.get<Worklist>(`${owner}/taxforms/worklist`).then((response) => response.data);
}

export function worklistQuery(tenant: Tenant, allBranches = false) {
  return queryOptions({
    queryKey: taxFormKeys.worklist(tenant, allBranches),
    queryFn: () => getWorklist(tenant, allBranches),
    // Read again on every visit to Home: a stamp recorded elsewhere (a colleague, an integration)
    // changes what there is to do, and Home is where the shop looks for it.
    staleTime: 0,
    // The card shows the failure in its place, with a retry.
    meta: { handlesErrors: true },
  });
}

export function useWorklist(tenant: Tenant | null, allBranches = false) {
  return useQuery({
    ...worklistQuery(tenant ?? { companyId: '', branchId: '' }, allBranches),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Worklist } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, type Tenant } from '@/lib/company-data';
import { taxFormKeys } from '@/lib/tax-form-keys';

/** Home's worklist (`…/taxforms/worklist`): what the shop has to do next. */
export function getWorklist(tenant: Tenant): Promise<Worklist> {
  return api
    .get<Worklist>(`${branchPath(tenant)}/taxforms/worklist`)
    .then((response) => response.data);
}

export function worklistQuery(tenant: Tenant) {
  return queryOptions({
    queryKey: taxFormKeys.worklist(tenant),
    queryFn: () => getWorklist(tenant),
    // Read again on every visit to Home: a stamp recorded elsewhere (a colleague, an integration)
    // changes what there is to do, and Home is where the shop looks for it.
    staleTime: 0,
    // The card shows the failure in its place, with a retry.
    meta: { handlesErrors: true },
  });
}

export function useWorklist(tenant: Tenant | null) {
  return useQuery({
    ...worklistQuery(tenant ?? { companyId: '', branchId: '' }),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

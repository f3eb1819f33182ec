import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormCounts } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { taxFormKeys } from '@/lib/tax-form-keys';

type Tenant = { companyId: string; branchId: string };

/** Forms issued today, in the last week and in the last month (SPEC 7, `…/taxforms/count`). */
export function getFormCounts(tenant: Tenant): Promise<FormCounts> {
  const path = `/companies/${encodeURIComponent(tenant.companyId)}/retailers/${encodeURIComponent(tenant.branchId)}/taxforms/count`;
  return api.get<FormCounts>(path).then((response) => response.data);
}

export function formCountsQuery(tenant: Tenant) {
  return queryOptions({
    queryKey: taxFormKeys.counts(tenant),
    queryFn: () => getFormCounts(tenant),
    // The dashboard shows the failure in place of the counters.
    meta: { handlesErrors: true },
  });
}

export function useFormCounts(tenant: Tenant | null) {
  return useQuery({
    ...formCountsQuery(tenant ?? { companyId: '', branchId: '' }),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

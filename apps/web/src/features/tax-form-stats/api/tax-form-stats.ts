import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormCounts, FormStats } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { taxFormKeys } from '@/lib/tax-form-keys';

type Tenant = { companyId: string; branchId: string };

/** The statistics cover this many days, today included (the API's default). */
export const STATS_DAYS = 30;

function taxFormsPath(tenant: Tenant) {
  return `/companies/${encodeURIComponent(tenant.companyId)}/retailers/${encodeURIComponent(tenant.branchId)}/taxforms`;
}

/** Forms, VAT and refunds per day, oldest first and zero-filled (`…/taxforms/stats`). */
export function getFormStats(tenant: Tenant, days = STATS_DAYS): Promise<FormStats> {
  return api
    .get<FormStats>(`${taxFormsPath(tenant)}/stats`, { query: { days } })
    .then((response) => response.data);
}

/** Forms issued today, in the last week and in the last month (`…/taxforms/count`). */
export function getFormCounts(tenant: Tenant): Promise<FormCounts> {
  return api.get<FormCounts>(`${taxFormsPath(tenant)}/count`).then((response) => response.data);
}

function enabledFor(tenant: Tenant | null): tenant is Tenant {
  return Boolean(tenant?.companyId && tenant.branchId);
}

export function useFormStats(tenant: Tenant | null, days = STATS_DAYS) {
  const current = tenant ?? { companyId: '', branchId: '' };
  return useQuery(
    queryOptions({
      queryKey: taxFormKeys.stats(current, days),
      queryFn: () => getFormStats(current, days),
      enabled: enabledFor(tenant),
      // The screen shows the failure in place of the chart.
      meta: { handlesErrors: true },
    }),
  );
}

export function useStatsCounts(tenant: Tenant | null) {
  const current = tenant ?? { companyId: '', branchId: '' };
  return useQuery(
    queryOptions({
      // The dashboard's counters' key: both screens share the cached answer.
      queryKey: taxFormKeys.counts(current),
      queryFn: () => getFormCounts(current),
      enabled: enabledFor(tenant),
      meta: { handlesErrors: true },
    }),
  );
}

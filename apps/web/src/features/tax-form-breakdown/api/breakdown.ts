import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VatBreakdown } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { taxFormKeys } from '@/lib/tax-form-keys';
import type { Period } from '../model/period';

type Tenant = { companyId: string; branchId: string };

/** VAT by rate over the forms sold in a period, dates inclusive (`…/taxforms/breakdown`). */
export function getVatBreakdown(tenant: Tenant, period: Period): Promise<VatBreakdown> {
  const path = `/companies/${encodeURIComponent(tenant.companyId)}/retailers/${encodeURIComponent(tenant.branchId)}/taxforms/breakdown`;
  return api
    .get<VatBreakdown>(path, { query: { from: period.from, to: period.to } })
    .then((response) => response.data);
}

/** Asks only for a complete period of a signed-in branch; the screen shows any failure. */
export function useVatBreakdown(tenant: Tenant | null, period: Period, isValid: boolean) {
  const current = tenant ?? { companyId: '', branchId: '' };
  return useQuery(
    queryOptions({
      queryKey: taxFormKeys.breakdown(current, period),
      queryFn: () => getVatBreakdown(current, period),
      enabled: Boolean(tenant?.companyId && tenant.branchId) && isValid,
      meta: { handlesErrors: true },
    }),
  );
}

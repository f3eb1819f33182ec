import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { branchPath, taxFormKeys, type Tenant } from './tax-forms';

export function getCurrency(tenant: Tenant): Promise<string> {
  return api
    .get<{ currency: string }>(`${branchPath(tenant)}/taxforms/currency`)
    .then((response) => response.data.currency);
}

export function currencyQuery(tenant: Tenant) {
  return queryOptions({
    queryKey: [...taxFormKeys.all, 'currency'] as const,
    queryFn: () => getCurrency(tenant),
    staleTime: Number.POSITIVE_INFINITY,
    // Without it the amounts still show, only without their code; not worth a second toast.
    meta: { handlesErrors: true },
  });
}

/** The branch's currency code (e.g. EUR), printed after every amount (SPEC 9). */
export function useCurrency(tenant: Tenant | null) {
  return useQuery({
    ...currencyQuery(tenant ?? { companyId: '', branchId: '' }),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

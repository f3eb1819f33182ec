import { useQuery } from '@tanstack/react-query';
import type { ClerkToday } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { taxFormKeys } from '@/lib/tax-form-keys';

/** Today's forms per user across the company's branches (`…/taxforms/byClerk`, managers). */
export function getClerksToday(companyId: string): Promise<ClerkToday[]> {
  return api
    .get<ClerkToday[]>(`/companies/${encodeURIComponent(companyId)}/taxforms/byClerk`)
    .then((response) => response.data);
}

export function useClerksToday(companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...taxFormKeys.all, 'byClerk', companyId] as const,
    queryFn: () => getClerksToday(companyId ?? ''),
    enabled: enabled && Boolean(companyId),
    // Read again on every visit to Home, as the worklist is: the counter goes on meanwhile.
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

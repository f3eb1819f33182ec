import { useQuery } from '@tanstack/react-query';
import type { Branch } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';
import { BRANCHES_KEY } from './use-switch-branch';

/** The key of a company's branches: one list in the cache for the staff screen and the switch. */
export const branchesKey = (companyId: string) => [BRANCHES_KEY, companyId] as const;

/** `GET /api/v2/companies/{companyId}/retailers`: the company's branches (managers). */
export function useCompanyBranches(companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: branchesKey(companyId ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<Branch[]>(`${companyPath(companyId ?? '')}/retailers`, { signal })
        .then((response) => response.data ?? []),
    staleTime: 5 * 60_000,
    enabled: enabled && Boolean(companyId),
    // The staff screen shows the failure next to the list, with a retry; the switch stays away.
    meta: { handlesErrors: true },
  });
}

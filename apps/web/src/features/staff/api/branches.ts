import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewBranch } from '@taxfree/domain';
import { branchesKey } from '@/hooks/use-company-branches';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';

/** Adds a branch; its name is unique in the company. Answers the new branch's id. */
export function useAddBranch(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branch: NewBranch) =>
      api
        .post<{ retailer_branch_id: number }>(`${companyPath(companyId)}/retailers`, branch)
        .then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey(companyId) }),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branch, BranchChange, NewBranch } from '@taxfree/domain';
import { branchesKey } from '@/hooks/use-company-branches';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';
import { renameStoredBranch } from '@/lib/session';
import { staffKeys } from './staff';

/** Adds a branch; its name is unique in the company. Answers the new branch's id. */
export function addBranch(companyId: string, branch: NewBranch) {
  return api
    .post<{ retailer_branch_id: number }>(`${companyPath(companyId)}/retailers`, branch)
    .then((r) => r.data);
}

/**
 * Changes a branch's name and place, sent whole: a place left out is cleared. Answers the branch
 * as it is now.
 */
export function updateBranch(companyId: string, branchId: number, branch: BranchChange) {
  const path = `${companyPath(companyId)}/branches/${encodeURIComponent(branchId)}`;
  return api.put<Branch>(path, branch).then((r) => r.data);
}

/**
 * Adds a branch, or changes the one of `branchId`; the branches are read again, and so are the
 * staff, whose list names each user's branch, and the session's own branch name follows.
 */
export function useSaveBranch(companyId: string, branchId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (branch: NewBranch): Promise<unknown> => {
      if (branchId === null) return addBranch(companyId, branch);
      const saved = await updateBranch(companyId, branchId, branch);
      renameStoredBranch(branchId, saved.branch_name);
      return saved;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: branchesKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.list(companyId) }),
      ]),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

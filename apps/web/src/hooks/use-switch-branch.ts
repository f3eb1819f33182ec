import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { switchBranch } from '@/lib/session';

/** The query key of the company's branches: kept across a switch, with the switch showing them. */
export const BRANCHES_KEY = 'branches';

/**
 * Moves a manager's screens to another branch of the company: the session names it, and every
 * screen's data, the other branch's until now, is read again (the branches aside).
 */
export function useSwitchBranch() {
  const queryClient = useQueryClient();
  return useCallback(
    (branch: { id: number; name: string }) => {
      switchBranch(branch);
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== BRANCHES_KEY });
    },
    [queryClient],
  );
}

/**
 * Keeps this tab's screens on the branch another tab of the same browser moved to: the session is
 * shared, so without reading again this tab would show one branch's forms while its calls named
 * the other.
 */
export function useBranchOfOtherTabs() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'branchId' || event.oldValue === event.newValue) return;
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== BRANCHES_KEY });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { FORM_PARAM, HIGHLIGHT_PARAM, PANEL_PARAM } from '@/lib/address-params';
import { latestSearch, navigate } from '@/lib/hash-location';
import { switchBranch } from '@/lib/session';

/** The query key of the company's branches: kept across a switch, with the switch showing them. */
export const BRANCHES_KEY = 'branches';

/**
 * What a screen not on view holds, the branches aside, forgotten: visited again, it reads afresh.
 * The screens on view need nothing: every key of a branch's data names the branch
 * (`tenantKey`), so the session's new branch is a new key, read at once with the new branch's
 * path. Reading the old keys again here would ask with the old path, before the screens drew the
 * new branch, and show the old branch's answer under the new one's name.
 */
function forgetOtherScreens(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== BRANCHES_KEY && !query.isActive(),
  });
}

/**
 * The address's mention of one of the old branch's forms (`?form=43&panel=status`, the list's
 * `?highlight=43`) let go: that form's panel closes rather than stand over the new branch's list,
 * and no screen asks the new branch for a form it does not hold. The list's search and filter stay.
 */
function leaveTheOldBranchsForm() {
  const params = new URLSearchParams(latestSearch().search);
  if (!params.has(FORM_PARAM) && !params.has(HIGHLIGHT_PARAM)) return;
  if (params.has(FORM_PARAM)) {
    params.delete(FORM_PARAM);
    params.delete(PANEL_PARAM);
  }
  params.delete(HIGHLIGHT_PARAM);
  navigate(`?${params.toString()}`, { replace: true });
}

/** Moves a manager's screens to another branch of the company: the session names it. */
export function useSwitchBranch() {
  const queryClient = useQueryClient();
  return useCallback(
    (branch: { id: number; name: string }) => {
      leaveTheOldBranchsForm();
      switchBranch(branch);
      forgetOtherScreens(queryClient);
    },
    [queryClient],
  );
}

/**
 * Keeps this tab's cache in step with the branch another tab of the same browser moved to: the
 * session is shared (and redrawn from the storage event), the data of the screens not on view is
 * forgotten.
 */
export function useBranchOfOtherTabs() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'branchId' || event.oldValue === event.newValue) return;
      forgetOtherScreens(queryClient);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}

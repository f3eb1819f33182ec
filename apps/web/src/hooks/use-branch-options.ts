import { useCompanyBranches } from '@/hooks/use-company-branches';
import { useSession } from '@/hooks/use-session';

type Option = { value: string; label: string };

/** The signed-in company's branches as select options (ids as text), after an empty `choose`. */
export function useBranchOptions(choose: string): Option[] {
  const session = useSession();
  const branches = useCompanyBranches(session?.companyId ?? null, true);
  return [
    { value: '', label: choose },
    ...(branches.data ?? []).map((branch) => ({
      value: String(branch.retailer_branch_id),
      label: branch.branch_name,
    })),
  ];
}

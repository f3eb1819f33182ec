import { STAFF_ROLES } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { useCompanyBranches } from '@/hooks/use-company-branches';

type Option = { value: string; label: string };

/** The roles a user may have, named in the interface language. */
export function useRoleOptions(): Option[] {
  const { t } = useTranslation();
  return STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }));
}

/** The company's branches as select options, after an empty "Choose a branch". */
export function useBranchOptions(): Option[] {
  const { t } = useTranslation();
  const session = useSession();
  const branches = useCompanyBranches(session?.companyId ?? null, true);
  return [
    { value: '', label: t('staff.fields.chooseBranch') },
    ...(branches.data ?? []).map((branch) => ({
      value: String(branch.retailer_branch_id),
      label: branch.branch_name,
    })),
  ];
}

import { Menu, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconBuildingStore } from '@/components/icons';
import { useMay, useSession } from '@/hooks/use-session';
import { useCompanyBranches } from '@/hooks/use-company-branches';
import { useSwitchBranch } from '@/hooks/use-switch-branch';

/**
 * The branches a manager may move to and the one it works in, for a company of several; null for a
 * clerk, or for a company of one branch.
 */
function useBranchChoice() {
  const session = useSession();
  const moveTo = useSwitchBranch();
  const mayRunBranches = useMay('allBranches');
  const branches = useCompanyBranches(session?.companyId ?? null, mayRunBranches);
  if (!session || !mayRunBranches || !branches.data || branches.data.length < 2) return null;

  const choose = (value: string) => {
    const branch = branches.data.find((found) => String(found.retailer_branch_id) === value);
    if (!branch || value === session.branchId) return;
    // The branches stay, and with them the switch and its focus.
    moveTo({ id: branch.retailer_branch_id, name: branch.branch_name });
  };
  const options = branches.data.map((branch) => ({
    value: String(branch.retailer_branch_id),
    label: branch.branch_name,
  }));
  return { options, current: session.branchId, choose };
}

/**
 * The branch a manager works in, for a company of several: every screen then reads and writes that
 * branch's forms, shop page and reports (the server lets a manager into each of the company's
 * branches and no other). Nothing for a clerk, or for a company of one branch. The browser's own
 * list, as the stage filter's: a phone's picker, and nothing to lay out until it opens.
 */
export function BranchSwitch() {
  const { t } = useTranslation();
  const choice = useBranchChoice();
  if (!choice) return null;
  return (
    <NativeSelect
      aria-label={t('nav.branch')}
      data={choice.options}
      value={choice.current}
      onChange={(event) => choice.choose(event.currentTarget.value)}
      w={184}
    />
  );
}

/**
 * The same choice as entries of the user menu, for a bar too narrow to hold the switch (between
 * 64em and 80em, where the links are not folded either): the branch worked in is marked.
 */
export function BranchMenuItems() {
  const { t } = useTranslation();
  const choice = useBranchChoice();
  if (!choice) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Label>{t('nav.branch')}</Menu.Label>
      {choice.options.map((option) => {
        const isCurrent = option.value === choice.current;
        return (
          <Menu.Item
            key={option.value}
            aria-current={isCurrent ? 'true' : undefined}
            fw={isCurrent ? 700 : undefined}
            leftSection={isCurrent ? <IconBuildingStore size={16} aria-hidden /> : undefined}
            onClick={() => choice.choose(option.value)}
          >
            {option.label}
          </Menu.Item>
        );
      })}
    </>
  );
}

import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { useMay, useSession } from '@/hooks/use-session';
import { BranchesSection } from './branches-section';
import { UsersSection } from './users-section';

/**
 * `/staff`: a manager's users (add one, change role or branch, deactivate, give a new first
 * password) and the company's branches. A clerk is told the screen is a manager's.
 */
export function StaffScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const mayRunStaff = useMay('staff');
  const mayRunBranches = useMay('branches');

  return (
    <>
      <PageTitle>{t('pages.staff')}</PageTitle>
      {!session || !mayRunStaff ? (
        <FormAlert title={t('staff.notAllowed.title')}>{t('staff.notAllowed.message')}</FormAlert>
      ) : (
        <Stack gap="xl">
          <UsersSection session={session} />
          {mayRunBranches && <BranchesSection companyId={session.companyId} />}
        </Stack>
      )}
    </>
  );
}

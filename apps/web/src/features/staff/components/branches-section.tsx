import { Button, Drawer, Skeleton, Table, Text, Title } from '@mantine/core';
import type { Branch } from '@taxfree/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconPlus } from '@/components/icons';
import { useCompanyBranches } from '@/hooks/use-company-branches';
import { BranchForm } from './branch-form';
import classes from './staff.module.css';

/** The branch form's drawer: closed, or open on a new branch (null) or on one to change. */
type Panel = { isOpen: boolean; branch: Branch | null };

/** The company's branches, Add a branch, and Edit on each. */
export function BranchesSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const branches = useCompanyBranches(companyId, true);
  // The branch stays while the drawer closes, so its title does not change on the way out.
  const [panel, setPanel] = useState<Panel>({ isOpen: false, branch: null });
  const open = (branch: Branch | null) => setPanel({ isOpen: true, branch });
  const close = () => setPanel((current) => ({ ...current, isOpen: false }));

  return (
    <section aria-labelledby={titleId} aria-busy={branches.isPending}>
      <div className={classes.sectionHeader}>
        <Title id={titleId} order={2} size="h3">
          {t('staff.branches.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => open(null)}
        >
          {t('staff.branches.add')}
        </Button>
      </div>
      {branches.isError ? (
        <FormAlert title={t('staff.branches.loadFailed')}>
          <Button variant="default" size="xs" onClick={() => void branches.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : !branches.data ? (
        <Skeleton height={96} />
      ) : branches.data.length === 0 ? (
        <Text c="dimmed">{t('staff.branches.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('staff.branches.list')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.branches.fields.name')}</Table.Th>
                <Table.Th>{t('staff.branches.fields.address')}</Table.Th>
                <Table.Th>{t('staff.branches.fields.city')}</Table.Th>
                <Table.Th>{t('staff.branches.fields.postcode')}</Table.Th>
                <Table.Th>{t('staff.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {branches.data.map((branch) => (
                <Table.Tr key={branch.retailer_branch_id}>
                  <Table.Td>{branch.branch_name}</Table.Td>
                  <Table.Td>{branch.address}</Table.Td>
                  <Table.Td>{branch.city}</Table.Td>
                  <Table.Td>{branch.postcode}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t('staff.branches.editNamed', { name: branch.branch_name })}
                      onClick={() => open(branch)}
                    >
                      {t('staff.branches.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer
        opened={panel.isOpen}
        onClose={close}
        position="right"
        size="md"
        title={panel.branch ? t('staff.branches.editTitle') : t('staff.branches.addTitle')}
        classNames={{ title: classes.drawerTitle }}
      >
        {panel.isOpen && (
          <BranchForm
            key={panel.branch?.retailer_branch_id ?? 'new'}
            companyId={companyId}
            branch={panel.branch ?? undefined}
            onSaved={close}
          />
        )}
      </Drawer>
    </section>
  );
}

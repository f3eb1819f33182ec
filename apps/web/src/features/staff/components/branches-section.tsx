import { Button, Drawer, Skeleton, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconPlus } from '@/components/icons';
import { useCompanyBranches } from '@/hooks/use-company-branches';
import { AddBranchForm } from './add-branch-form';
import classes from './staff.module.css';

/** The company's branches, and Add a branch. */
export function BranchesSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const branches = useCompanyBranches(companyId, true);
  const [isAdding, setIsAdding] = useState(false);

  return (
    <section aria-labelledby={titleId} aria-busy={branches.isPending}>
      <div className={classes.sectionHeader}>
        <Title id={titleId} order={2} size="h3">
          {t('staff.branches.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setIsAdding(true)}
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
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label={t('staff.branches.list')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.branches.fields.name')}</Table.Th>
                <Table.Th>{t('staff.branches.fields.address')}</Table.Th>
                <Table.Th>{t('staff.branches.fields.city')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {branches.data.map((branch) => (
                <Table.Tr key={branch.retailer_branch_id}>
                  <Table.Td>{branch.branch_name}</Table.Td>
                  <Table.Td>{branch.address}</Table.Td>
                  <Table.Td>{branch.city}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer
        opened={isAdding}
        onClose={() => setIsAdding(false)}
        position="right"
        size="md"
        title={t('staff.branches.addTitle')}
        classNames={{ title: classes.drawerTitle }}
      >
        {isAdding && <AddBranchForm companyId={companyId} onAdded={() => setIsAdding(false)} />}
      </Drawer>
    </section>
  );
}

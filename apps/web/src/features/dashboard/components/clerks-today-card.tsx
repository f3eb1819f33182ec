import { Button, Paper, Skeleton, Table, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useMay, useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useClerksToday } from '../api/clerk-today';
import classes from './dashboard.module.css';

/**
 * Home for a manager: who issued how many forms today, in every branch of the company, the most
 * first; a user who issued none is listed too. Nothing for a clerk.
 */
export function ClerksTodayCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const session = useSession();
  const mayRunBranches = useMay('allBranches');
  const clerks = useClerksToday(session?.companyId ?? null, mayRunBranches);
  if (!mayRunBranches) return null;
  const count = new Intl.NumberFormat(i18n.language);

  return (
    <Paper
      component="section"
      withBorder
      p="lg"
      radius="md"
      className={classes.worklist}
      aria-labelledby={titleId}
      aria-busy={clerks.isPending}
    >
      <Title id={titleId} order={2} size="h4" mb="md">
        {t('dashboard.clerksToday.title')}
      </Title>
      {clerks.isError ? (
        <FormAlert>
          {errorMessage(clerks.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void clerks.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : clerks.data ? (
        <Table striped aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.clerksToday.name')}</Table.Th>
              <Table.Th>{t('dashboard.clerksToday.branch')}</Table.Th>
              <Table.Th ta="end">{t('dashboard.clerksToday.forms')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clerks.data.map((clerk) => (
              <Table.Tr key={clerk.user_id}>
                <Table.Td>{clerk.name}</Table.Td>
                <Table.Td>{clerk.branch_name}</Table.Td>
                <Table.Td ta="end">{count.format(clerk.forms)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Skeleton height={88} />
      )}
    </Paper>
  );
}

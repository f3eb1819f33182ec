import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useFormCounts } from '../api/tax-form-counts';
import classes from './dashboard.module.css';
import { DashboardShortcuts } from './dashboard-shortcuts';
import { IssuedCounter } from './issued-counter';
import { WorklistCard } from './worklist-card';

/**
 * Home: 'Issued Forms' with today's, the last week's and the last month's count (SPEC 2), and the
 * worklist of what to do next (issue 16).
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const counts = useFormCounts(session);

  return (
    <>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      {counts.isPending && <PageLoader />}
      {counts.isError && (
        <FormAlert>
          {errorMessage(counts.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void counts.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {counts.data && (
        <div className={classes.counters}>
          <IssuedCounter label={t('dashboard.today')} value={counts.data.today} />
          <IssuedCounter label={t('dashboard.lastWeek')} value={counts.data.lastweek} />
          <IssuedCounter label={t('dashboard.lastMonth')} value={counts.data.lastmonth} />
        </div>
      )}
      <WorklistCard />
      <DashboardShortcuts />
    </>
  );
}

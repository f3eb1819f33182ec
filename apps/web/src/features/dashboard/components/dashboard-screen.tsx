import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useFormCounts } from '../api/tax-form-counts';
import { formatDailyAverage } from './counter-format';
import classes from './dashboard.module.css';
import { DashboardShortcuts } from './dashboard-shortcuts';
import { IssuedCounter } from './issued-counter';
import { ClerksTodayCard } from './clerks-today-card';
import { WorklistCard } from './worklist-card';

/**
 * Home: 'Issued Forms' with today's, the last week's and the last month's count (SPEC 2), the
 * first two with their share of the last month, the last with its average day; and the worklist
 * of what to do next (issue 16); for a manager, today's forms per user in every branch.
 */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
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
        // Today and the last week are parts of the last month: each bar shows how big a part.
        <div className={classes.counters}>
          <IssuedCounter
            label={t('dashboard.today')}
            value={counts.data.today}
            shareOf={counts.data.lastmonth}
          />
          <IssuedCounter
            label={t('dashboard.lastWeek')}
            value={counts.data.lastweek}
            shareOf={counts.data.lastmonth}
          />
          <IssuedCounter
            label={t('dashboard.lastMonth')}
            value={counts.data.lastmonth}
            note={t('dashboard.dailyAverage', {
              average: formatDailyAverage(counts.data.lastmonth, i18n.language),
            })}
          />
        </div>
      )}
      <WorklistCard />
      <ClerksTodayCard />
      <DashboardShortcuts />
    </>
  );
}

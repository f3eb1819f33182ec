import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useOnceTrue } from '@/hooks/use-once-true';
import { useMay, useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useClerksToday } from '../api/clerk-today';
import { useFormCounts } from '../api/tax-form-counts';
import { useWorklist } from '../api/worklist';
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
  const { t } = useTranslation();
  const isDrawn = useDrawnOnceLoaded();

  return (
    <>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      {!isDrawn && <PageLoader />}
      {isDrawn && <DashboardSections />}
    </>
  );
}

/**
 * Whether home's sections have all answered once: they are drawn together then, rather than each
 * pushing the ones below it down the page as it answers. The cards ask the same queries (answered
 * from the same cache); a card's own later loads, such as the worklist's other scope, keep its place.
 */
function useDrawnOnceLoaded(): boolean {
  const session = useSession();
  const mayRunBranches = useMay('allBranches');
  const isLoading = [
    useFormCounts(session),
    useWorklist(session),
    useClerksToday(session?.companyId ?? null, mayRunBranches),
  ].some((query) => query.isLoading);
  return useOnceTrue(!isLoading);
}

/** The counters, the worklist, a manager's clerks of the day, and the shortcuts. */
function DashboardSections() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const counts = useFormCounts(session);

  return (
    <>
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

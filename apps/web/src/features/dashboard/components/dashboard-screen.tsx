import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useOnceTrue } from '@/hooks/use-once-true';
import { useMay, useSession } from '@/hooks/use-session';
import { useClerksToday } from '../api/clerk-today';
import { useFormCounts } from '../api/tax-form-counts';
import { useWorklist } from '../api/worklist';
import { DashboardShortcuts } from './dashboard-shortcuts';
import { IssuedCounters } from './issued-counters';
import { ClerksTodayCard } from './clerks-today-card';
import { WorklistCard } from './worklist-card';

/**
 * Home: 'Issued Forms' with today's, the last week's and the last month's count (SPEC 2), the
 * first two with their share of the last month, the last with its average day; and the worklist
 * of what to do next (issue 16). Both are the branch's, or for a manager who asks, every branch's;
 * for a manager, today's forms per user in every branch.
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
  return (
    <>
      <IssuedCounters />
      <WorklistCard />
      <ClerksTodayCard />
      <DashboardShortcuts />
    </>
  );
}

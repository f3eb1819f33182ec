import { Button, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useDrawnInSlices } from '@/hooks/use-drawn-in-slices';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useFormStats, useStatsCounts } from '../api/tax-form-stats';
import { StatsCharts } from './stats-charts';
import { StatsCounters } from './stats-counters';
import { StatsTable } from './stats-table';

type RetryableQuery = { error: unknown; refetch: () => unknown };

function QueryFailure({ query }: { query: RetryableQuery }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      {errorMessage(query.error)}{' '}
      <Button variant="default" size="xs" ml="xs" onClick={() => void query.refetch()}>
        {t('actions.retry')}
      </Button>
    </FormAlert>
  );
}

/** Form statistics: the issued-form counters, then forms and refunds per day over 30 days. */
export function TaxFormStatsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const counts = useStatsCounts(session);
  const stats = useFormStats(session);
  // Drawn once both have answered (the counters coming first would push the charts down), and in
  // slices, so a phone answers while the charts are drawn.
  const answered = !counts.isPending && !stats.isPending;
  const waiting = !useDrawnInSlices(answered) || !answered;

  return (
    <>
      <PageTitle>{t('pages.formStats')}</PageTitle>
      <Title order={2} size="h4" mb="sm">
        {t('formStats.counters')}
      </Title>
      {waiting && <PageLoader />}
      {!waiting && counts.isError && <QueryFailure query={counts} />}
      {!waiting && counts.data && <StatsCounters counts={counts.data} />}

      {!waiting && stats.isError && <QueryFailure query={stats} />}
      {!waiting && stats.data && (
        <>
          <StatsCharts stats={stats.data} />
          <StatsTable stats={stats.data} />
        </>
      )}
    </>
  );
}

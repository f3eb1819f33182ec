import '@mantine/charts/styles.css';
import { Button, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
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

  return (
    <>
      <PageTitle>{t('pages.formStats')}</PageTitle>
      <Title order={2} size="h4" mb="sm">
        {t('formStats.counters')}
      </Title>
      {counts.isPending && <PageLoader />}
      {counts.isError && <QueryFailure query={counts} />}
      {counts.data && <StatsCounters counts={counts.data} />}

      {stats.isPending && <PageLoader />}
      {stats.isError && <QueryFailure query={stats} />}
      {stats.data && (
        <>
          <StatsCharts stats={stats.data} />
          <StatsTable stats={stats.data} />
        </>
      )}
    </>
  );
}

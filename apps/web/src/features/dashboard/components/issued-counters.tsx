import { Button, Group, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SegmentedChoice } from '@/components/segmented-choice';
import { useMay, useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useFormCounts } from '../api/tax-form-counts';
import { formatDailyAverage } from './counter-format';
import classes from './dashboard.module.css';
import { IssuedCounter } from './issued-counter';

/** How tall a counter stands, for its placeholder while another scope's counts load. */
const COUNTER_HEIGHT = 150;

/**
 * 'Issued Forms': today's, the last week's and the last month's count (SPEC 2), the first two with
 * their share of the last month, the last with its average day. A manager may count every branch,
 * as the worklist does.
 */
export function IssuedCounters() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const mayRunBranches = useMay('allBranches');
  const [scope, setScope] = useState<'branch' | 'all'>('branch');
  const counts = useFormCounts(session, mayRunBranches && scope === 'all');

  return (
    <>
      {mayRunBranches && (
        <Group justify="flex-end" mb="sm">
          <SegmentedChoice
            label={t('dashboard.scope.label')}
            value={scope}
            onChange={setScope}
            options={[
              { value: 'branch', label: t('dashboard.scope.thisBranch') },
              { value: 'all', label: t('dashboard.scope.allBranches') },
            ]}
          />
        </Group>
      )}
      {counts.isError ? (
        <FormAlert>
          {errorMessage(counts.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void counts.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : (
        // Today and the last week are parts of the last month: each bar shows how big a part.
        <div className={classes.counters} aria-busy={counts.isPending}>
          {counts.data ? (
            <>
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
            </>
          ) : (
            [0, 1, 2].map((index) => <Skeleton key={index} height={COUNTER_HEIGHT} radius="md" />)
          )}
        </div>
      )}
    </>
  );
}

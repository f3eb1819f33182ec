import { Paper, Text } from '@mantine/core';
import type { FormCounts } from '@taxfree/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './tax-form-stats.module.css';

function Counter({ label, value }: { label: string; value: number }) {
  const labelId = useId();
  return (
    <li>
      <Paper component="section" withBorder p="md" radius="md" aria-labelledby={labelId}>
        <Text
          id={labelId}
          component="h3"
          size="sm"
          fw={700}
          c="dimmed"
          className={classes.counterLabel}
        >
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1.1} mt="xs" c="blue.9" className={classes.counterValue}>
          {value}
        </Text>
      </Paper>
    </li>
  );
}

/** Forms issued today, in the last week and in the last month, as plain numbers. */
export function StatsCounters({ counts }: { counts: FormCounts }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.counters}>
      <Counter label={t('formStats.today')} value={counts.today} />
      <Counter label={t('formStats.lastWeek')} value={counts.lastweek} />
      <Counter label={t('formStats.lastMonth')} value={counts.lastmonth} />
    </ul>
  );
}

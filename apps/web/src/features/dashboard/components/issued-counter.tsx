import { Paper, Progress, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { useCountUp } from './use-count-up';

type IssuedCounterProps = { label: string; value: number };

/**
 * One counter of the dashboard. The running number is decoration: assistive technology is
 * given the final value once, not a hundred intermediate ones.
 */
export function IssuedCounter({ label, value }: IssuedCounterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const count = useCountUp(value);
  const percent = value > 0 ? Math.round((count / value) * 100) : 100;

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={labelId}>
      <Text id={labelId} component="h2" size="sm" fw={700} c="dimmed" className={classes.label}>
        {label}
      </Text>
      <Text
        fz={40}
        fw={700}
        lh={1.1}
        mt="xs"
        c="blue.9"
        className={classes.value}
        aria-hidden="true"
      >
        {count}
      </Text>
      <VisuallyHidden>{value}</VisuallyHidden>
      <Progress
        value={percent}
        size="md"
        radius="xl"
        mt="md"
        transitionDuration={0}
        aria-label={t('dashboard.progress', { period: label })}
      />
    </Paper>
  );
}

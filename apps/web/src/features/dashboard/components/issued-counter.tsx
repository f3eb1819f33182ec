import { Paper, Progress, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { formatShare } from './counter-format';
import { useCountUp } from './use-count-up';

type IssuedCounterProps = {
  label: string;
  value: number;
  /** The count the value is a part of (the last month's): the bar shows the value's share of it. */
  shareOf?: number;
  /** Without a share, what the counter says under its number instead. */
  note?: string;
};

/**
 * The bar of a counter: the value's share of the last month's forms, said beneath it. It grows
 * with the running number; assistive technology reads the final share.
 */
function ShareMeter({
  label,
  count,
  value,
  total,
}: Omit<IssuedCounterProps, 'shareOf'> & {
  count: number;
  total: number;
}) {
  const { t, i18n } = useTranslation();
  const share = total > 0 ? value / total : 0;
  const shareText = formatShare(share, i18n.language);
  return (
    <>
      <Progress.Root
        size="md"
        radius="xl"
        mt="md"
        transitionDuration={0}
        role="meter"
        aria-label={t('dashboard.shareLabel', { period: label })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={shareText}
      >
        <Progress.Section value={total > 0 ? (count / total) * 100 : 0} withAria={false} />
      </Progress.Root>
      <Text size="xs" c="dimmed" mt={6}>
        {total > 0 ? t('dashboard.share', { share: shareText }) : t('dashboard.noForms')}
      </Text>
    </>
  );
}

/**
 * One counter of the dashboard, counting up to its value (SPEC 2). The running number is
 * decoration: assistive technology is given the final value once, not a hundred intermediate ones.
 */
export function IssuedCounter({ label, value, shareOf, note }: IssuedCounterProps) {
  const labelId = useId();
  const count = useCountUp(value);

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
      {shareOf !== undefined ? (
        <ShareMeter label={label} value={value} count={Math.min(count, value)} total={shareOf} />
      ) : (
        note && (
          <Text size="xs" c="dimmed" mt="md">
            {note}
          </Text>
        )
      )}
    </Paper>
  );
}

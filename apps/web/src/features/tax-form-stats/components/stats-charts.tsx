import { LANGUAGE_LOCALES, type FormStats } from '@taxfree/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDayMonth } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DayChart } from './day-chart';
import classes from './tax-form-stats.module.css';

const CHART_HEIGHT = 260;

function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={classes.caption}>
        {caption}
      </figcaption>
      {children}
    </figure>
  );
}

/**
 * Forms per day as bars and refunds per day as an area, days as the interface language writes a
 * day and month (27.11, 27/11). Each chart is a named figure; its SVG carries the same name as
 * its title. The figures are in the table below.
 */
export function StatsCharts({ stats }: { stats: FormStats }) {
  const { t } = useTranslation();
  const days = stats.days.length;
  const forms = stats.days.map((day) => ({ label: formatDayMonth(day.date), value: day.forms }));
  const refunds = stats.days.map((day) => ({
    label: formatDayMonth(day.date),
    value: day.refund_amount,
  }));
  const formsCaption = t('formStats.formsChart', { days });
  const refundsCaption = t('formStats.refundsChart', { days });
  const formatRefund = (value: number) => formatAmount(value, stats.currency);
  const counts = new Intl.NumberFormat(LANGUAGE_LOCALES[currentLanguage()]);

  return (
    <div className={classes.charts}>
      <ChartFigure caption={formsCaption}>
        <DayChart
          title={formsCaption}
          points={forms}
          kind="bars"
          color="var(--mantine-color-blue-7)"
          formatValue={(value) => counts.format(value)}
          wholeNumbers
          height={CHART_HEIGHT}
          axisWidth={40}
        />
      </ChartFigure>
      <ChartFigure caption={refundsCaption}>
        <DayChart
          title={refundsCaption}
          points={refunds}
          kind="area"
          color="var(--mantine-color-teal-8)"
          formatValue={formatRefund}
          height={CHART_HEIGHT}
          axisWidth={110}
        />
      </ChartFigure>
    </div>
  );
}

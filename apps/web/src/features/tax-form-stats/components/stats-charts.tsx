import { AreaChart, BarChart } from '@mantine/charts';
import type { FormStats } from '@taxfree/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDayMonth } from '@/lib/format';
import classes from './tax-form-stats.module.css';

const CHART_HEIGHT = 260;

type ChartPoint = { day: string; forms: number; refund: number };

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
  const data: ChartPoint[] = stats.days.map((day) => ({
    day: formatDayMonth(day.date),
    forms: day.forms,
    refund: day.refund_amount,
  }));
  const formsCaption = t('formStats.formsChart', { days });
  const refundsCaption = t('formStats.refundsChart', { days });
  const formatRefund = (value: number) => formatAmount(value, stats.currency);

  return (
    <div className={classes.charts}>
      <ChartFigure caption={formsCaption}>
        <BarChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="day"
          series={[{ name: 'forms', label: t('formStats.columns.forms'), color: 'blue.7' }]}
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
          barChartProps={{ title: formsCaption }}
        />
      </ChartFigure>
      <ChartFigure caption={refundsCaption}>
        <AreaChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="day"
          series={[{ name: 'refund', label: t('formStats.columns.refund'), color: 'teal.8' }]}
          curveType="linear"
          tickLine="y"
          valueFormatter={formatRefund}
          yAxisProps={{ width: 110 }}
          areaChartProps={{ title: refundsCaption }}
        />
      </ChartFigure>
    </div>
  );
}

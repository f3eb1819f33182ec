import { Table } from '@mantine/core';
import type { FormStats } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@/lib/format';
import classes from './tax-form-stats.module.css';

/** The charts' figures as a table, folded away by default: for screen readers and the curious. */
export function StatsTable({ stats }: { stats: FormStats }) {
  const { t } = useTranslation();
  const days = stats.days.length;
  return (
    <details className={classes.details}>
      <summary>{t('formStats.showTable')}</summary>
      <div className={classes.tableScroll}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>{t('formStats.tableCaption', { days })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('formStats.columns.date')}</Table.Th>
              <Table.Th scope="col" className={classes.amountHeader}>
                {t('formStats.columns.forms')}
              </Table.Th>
              <Table.Th scope="col" className={classes.amountHeader}>
                {t('formStats.columns.vat')}
              </Table.Th>
              <Table.Th scope="col" className={classes.amountHeader}>
                {t('formStats.columns.refund')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.days.map((day) => (
              <Table.Tr key={day.date} data-date={day.date}>
                <Table.Th scope="row">{formatDate(day.date)}</Table.Th>
                <Table.Td className={classes.amount}>{day.forms}</Table.Td>
                <Table.Td className={classes.amount}>
                  {formatAmount(day.vat_amount, stats.currency)}
                </Table.Td>
                <Table.Td className={classes.amount}>
                  {formatAmount(day.refund_amount, stats.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </details>
  );
}

import { Table } from '@mantine/core';
import type { VatBreakdown } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@/lib/format';
import classes from './tax-form-breakdown.module.css';

type Amounts = Omit<VatBreakdown['totals'], 'forms'>;
const AMOUNT_KEYS = ['net_amount', 'vat_amount', 'gross_amount', 'refund_amount'] as const;

function AmountCells({ amounts, currency }: { amounts: Amounts; currency: string }) {
  return AMOUNT_KEYS.map((key) => (
    <Table.Td key={key} className={classes.amount}>
      {formatAmount(amounts[key], currency)}
    </Table.Td>
  ));
}

/** VAT by rate over the period, a row per rate and a totals row (amounts per SPEC 9). */
export function BreakdownTable({ breakdown }: { breakdown: VatBreakdown }) {
  const { t } = useTranslation();
  const { currency } = breakdown;
  return (
    <div className={classes.tableScroll}>
      <Table striped verticalSpacing="sm">
        <Table.Caption className={classes.caption}>
          {t('taxformBreakdown.caption', {
            from: formatDate(breakdown.from),
            to: formatDate(breakdown.to),
          })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('taxformBreakdown.columns.rate')}</Table.Th>
            <Table.Th scope="col" className={classes.amountHeader}>
              {t('taxformBreakdown.columns.forms')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amountHeader}>
              {t('taxformBreakdown.columns.net')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amountHeader}>
              {t('taxformBreakdown.columns.vat')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amountHeader}>
              {t('taxformBreakdown.columns.gross')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amountHeader}>
              {t('taxformBreakdown.columns.refund')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {breakdown.rates.map((rate) => (
            <Table.Tr key={rate.vat_product_rate}>
              <Table.Th scope="row">
                {t('taxformBreakdown.ratePercent', { rate: rate.vat_product_rate })}
              </Table.Th>
              <Table.Td className={classes.amount}>{rate.forms}</Table.Td>
              <AmountCells amounts={rate} currency={currency} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr className={classes.totals}>
            <Table.Th scope="row">{t('taxformBreakdown.total')}</Table.Th>
            <Table.Td className={classes.amount}>{breakdown.totals.forms}</Table.Td>
            <AmountCells amounts={breakdown.totals} currency={currency} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}

import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AmountTotalsValues } from '../model/amounts';
import classes from './issue-form.module.css';

type FormTotalsTableProps = {
  /** How many invoices the form has. */
  count: number;
  totals: AmountTotalsValues;
  money: (value: string) => string;
};

/** Multiple-invoice mode: the form's totals over all its invoices. */
export function FormTotalsTable({ count, totals, money }: FormTotalsTableProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.tableScroll}>
      <Table className={classes.table} verticalSpacing="xs" captionSide="top">
        <Table.Caption>{t('issueForm.invoices.formTotals')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('issueForm.invoices.count')}</Table.Th>
            <Table.Th scope="col" className={classes.amountCell}>
              {t('issueForm.table.net')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amountCell}>
              {t('issueForm.table.vat')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amountCell}>
              {t('issueForm.table.gross')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amountCell}>
              {t('issueForm.table.refund')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" data-testid="invoice-count">
              {count}
            </Table.Th>
            <Table.Td className={classes.amountCell} data-testid="total-net">
              {money(totals.net_amount)}
            </Table.Td>
            <Table.Td className={classes.amountCell} data-testid="total-vat">
              {money(totals.vat_amount)}
            </Table.Td>
            <Table.Td className={classes.amountCell} data-testid="total-gross">
              {money(totals.gross_sales_price)}
            </Table.Td>
            <Table.Td className={classes.amountCell} data-testid="total-refund">
              {money(totals.customer_refund)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </div>
  );
}

import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AmountTotalsValues } from '../model/amounts';
import { AMOUNT_COLUMNS } from './invoice-totals';
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
  const names = {
    net: t('issueForm.table.net'),
    vat: t('issueForm.table.vat'),
    gross: t('issueForm.table.gross'),
    refund: t('issueForm.table.refund'),
  };
  return (
    // A narrow panel lays it out as the invoices' lines are (issue-form.module.css).
    <div className={classes.invoiceScroll}>
      <Table className={classes.invoiceTable} verticalSpacing="xs" captionSide="top">
        <Table.Caption>{t('issueForm.invoices.formTotals')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('issueForm.invoices.count')}</Table.Th>
            {AMOUNT_COLUMNS.map(([column]) => (
              <Table.Th key={column} scope="col" className={classes.amountCell}>
                {names[column]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th
              scope="row"
              data-label={t('issueForm.invoices.count')}
              data-testid="invoice-count"
            >
              {count}
            </Table.Th>
            {AMOUNT_COLUMNS.map(([column, total]) => (
              <Table.Td
                key={column}
                className={classes.amountCell}
                data-label={names[column]}
                data-testid={`total-${column}`}
              >
                {money(totals[total])}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </div>
  );
}

import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceColumns } from './invoice-line-row';
import { AMOUNT_COLUMNS } from './invoice-totals';
import classes from './issue-form.module.css';

/** The invoice table's header: the rate, the amount columns and the actions. */
export function InvoiceTableHead({ columns }: { columns: InvoiceColumns }) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{columns.rate}</Table.Th>
        {AMOUNT_COLUMNS.map(([column]) => (
          <Table.Th key={column} scope="col" className={classes.amountCell}>
            {columns[column]}
          </Table.Th>
        ))}
        <Table.Th scope="col">{t('issueForm.table.actions')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

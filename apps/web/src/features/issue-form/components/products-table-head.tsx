import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductValues } from '../model/tax-form-values';
import classes from './issue-form.module.css';
import { NUMERIC_COLUMNS, PRODUCT_COLUMNS } from './product-columns';

/** The products table's header: its columns, numbers aligned as amounts, and the actions. */
export function ProductsTableHead({ columns }: { columns: Record<keyof ProductValues, string> }) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        {PRODUCT_COLUMNS.map((name) => (
          <Table.Th
            key={name}
            scope="col"
            className={NUMERIC_COLUMNS.has(name) ? classes.amountCell : undefined}
          >
            {columns[name]}
          </Table.Th>
        ))}
        <Table.Th scope="col">{t('issueForm.table.actions')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

import { Table } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { FormActionsMenu } from './tax-form-actions-menu';
import { FormBarcode } from './tax-form-barcode';
import type { FormColumn } from './tax-form-columns';
import type { FormActionHandler } from './tax-form-panel';
import classes from './tax-forms.module.css';

function cellClass(column: FormColumn): string | undefined {
  if (column.isAmount) return classes.amount;
  return column.canBreakAnywhere ? classes.breakAnywhere : undefined;
}

type FormsTableProps = {
  forms: TaxFormListItem[];
  columns: FormColumn[];
  onAction: FormActionHandler;
};

/** The list on wide screens; it scrolls sideways inside its own box when the columns need it. */
export function FormsTable({ forms, columns, onAction }: FormsTableProps) {
  const { t } = useTranslation();
  return (
    <div
      className={classes.tableScroll}
      role="region"
      aria-label={t('refundForms.list')}
      tabIndex={0}
    >
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('refundForms.columns.barcode')}</Table.Th>
            {columns.map((column) => (
              <Table.Th
                key={column.id}
                scope="col"
                className={column.isAmount ? classes.amountHeader : undefined}
              >
                {column.label}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('refundForms.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((form) => (
            <Table.Tr key={form.id}>
              <Table.Th scope="row" className={classes.rowHeader}>
                <FormBarcode form={form} />
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.id} className={cellClass(column)}>
                  {column.value(form)}
                </Table.Td>
              ))}
              <Table.Td>
                <FormActionsMenu form={form} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

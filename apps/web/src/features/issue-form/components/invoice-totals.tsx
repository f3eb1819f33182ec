import { Table } from '@mantine/core';
import type { ComputedInvoiceValues } from '../model/amounts';
import type { InvoiceColumns } from './invoice-line-row';
import classes from './issue-form.module.css';

/** The amount columns of an invoice's table, each with the invoice's total under it. */
export const AMOUNT_COLUMNS = [
  ['net', 'net_amount'],
  ['vat', 'vat_amount'],
  ['gross', 'gross_sales_price'],
  ['refund', 'customer_refund'],
] as const;

type InvoiceTotalsProps = {
  label: string;
  totals: ComputedInvoiceValues | null;
  columns: InvoiceColumns;
  money: (value: string | undefined) => string;
  /** `total-` for the single invoice (its totals are the form's), `invoice-total-` otherwise. */
  testIdPrefix: string;
};

/** The invoice table's footer: the invoice's totals. */
export function InvoiceTotals({ label, totals, columns, money, testIdPrefix }: InvoiceTotalsProps) {
  return (
    <Table.Tfoot>
      <Table.Tr>
        <Table.Th scope="row">{label}</Table.Th>
        {AMOUNT_COLUMNS.map(([column, total]) => (
          <Table.Td
            key={column}
            className={classes.amountCell}
            data-label={columns[column]}
            data-testid={`${testIdPrefix}${column}`}
          >
            {money(totals?.[total])}
          </Table.Td>
        ))}
        <Table.Td />
      </Table.Tr>
    </Table.Tfoot>
  );
}

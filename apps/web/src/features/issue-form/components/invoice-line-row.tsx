import { ActionIcon, Select, Table } from '@mantine/core';
import { mergeRefs } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '@/components/amount-input';
import { useDropdownPortal } from '@/hooks/use-dropdown-portal';
import type { typedAmountField } from '../model/amounts';
import type { IssueFormValues, LineValues } from '../model/tax-form-values';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useErrorOf } from './fields';
import classes from './issue-form.module.css';

type AmountField = Exclude<keyof LineValues, 'vat_product_rate'>;

/** The invoice table's column names, which also name each cell for assistive technology. */
export type InvoiceColumns = Record<'rate' | 'net' | 'vat' | 'gross' | 'refund', string>;

type InvoiceLineRowProps = {
  /** The invoice's path in the form (`invoice.0`). */
  base: `invoice.${number}`;
  lineIndex: number;
  /** The line's amounts as computed (or as typed by hand). */
  line: LineValues | undefined;
  /** The amount the clerk types; the others are computed, unless `manual`. */
  typed: ReturnType<typeof typedAmountField>;
  manual: boolean;
  rateOptions: { value: string; label: string }[];
  columns: InvoiceColumns;
  money: (value: string | undefined) => string;
  /** Multiple-invoice mode: the invoice's number, which the cells' names then carry. */
  invoiceNumber: number | null;
  /** The last line stays. */
  canRemove: boolean;
  onRemove: () => void;
};

/** One line of an invoice: its VAT rate, its amounts (typed or computed) and its remove button. */
export function InvoiceLineRow({
  base,
  lineIndex,
  line,
  typed,
  manual,
  rateOptions,
  columns,
  money,
  invoiceNumber,
  canRemove,
  onRemove,
}: InvoiceLineRowProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const dropdown = useDropdownPortal();
  const line1 = lineIndex + 1;
  const cellLabel = (column: string, line: number) =>
    invoiceNumber === null
      ? t('issueForm.table.cellLabel', { column, line })
      : t('issueForm.table.cellLabelInvoice', { column, invoice: invoiceNumber, line });
  const removeLabel =
    invoiceNumber === null
      ? t('issueForm.table.removeLine', { line: line1 })
      : t('issueForm.invoices.removeLine', { invoice: invoiceNumber, line: line1 });
  const amountCell = (name: AmountField, column: string): ReactNode => {
    if (!manual && name !== typed) return money(line?.[name]);
    const path = `${base}.breakdown.${lineIndex}.${name}` as const;
    return (
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <AmountInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-label={cellLabel(column, line1)}
            className={classes.amountInput}
            error={errorOf(path)}
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      />
    );
  };

  return (
    <Table.Tr data-testid="invoice-line">
      <Table.Td className={classes.rateCell} data-label={columns.rate}>
        <Controller
          control={control}
          name={`${base}.breakdown.${lineIndex}.vat_product_rate`}
          render={({ field: rate }) => (
            <Select
              ref={mergeRefs(rate.ref, dropdown.ref)}
              name={rate.name}
              aria-label={cellLabel(columns.rate, line1)}
              data={rateOptions}
              value={rate.value || null}
              onChange={(value) => rate.onChange(value ?? '')}
              onBlur={rate.onBlur}
              allowDeselect={false}
              error={errorOf(rate.name)}
              onDropdownOpen={dropdown.onOpen}
              comboboxProps={dropdown.comboboxProps}
            />
          )}
        />
      </Table.Td>
      <Table.Td className={classes.amountCell} data-label={columns.net}>
        {amountCell('net_sales_amount', columns.net)}
      </Table.Td>
      <Table.Td className={classes.amountCell} data-label={columns.vat}>
        {amountCell('vat_amount', columns.vat)}
      </Table.Td>
      <Table.Td className={classes.amountCell} data-label={columns.gross}>
        {amountCell('gross_sales_price', columns.gross)}
      </Table.Td>
      <Table.Td className={classes.amountCell} data-label={columns.refund}>
        {amountCell('customer_refund', columns.refund)}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={removeLabel}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

import { type AmountSettings } from '@taxfree/domain';
import { Button, Input, Table } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { IconPlus } from '@/components/icons';
import { formatAmount } from '@/lib/format';
import { invoiceAmounts, typedAmountField } from '../model/amounts';
import { emptyLine, type IssueFormValues } from '../model/tax-form-values';
import { useErrorOf } from './fields';
import { InvoiceHeading } from './invoice-heading';
import { type InvoiceColumns, InvoiceLineRow } from './invoice-line-row';
import { InvoiceTableHead } from './invoice-table-head';
import { InvoiceTotals } from './invoice-totals';
import classes from './issue-form.module.css';
import { useRateOptions } from './use-rate-options';

export type InvoiceTableProps = {
  /** The invoice's place in the form's `invoice` list. */
  index: number;
  /** Multiple-invoice mode: the invoice has its own reference, title and a remove action. */
  multiple: boolean;
  rates: number[];
  amounts: AmountSettings;
  currency: string;
  referenceRequired: boolean;
  /** Croatia-customised mode: the invoice date is asked for. */
  withInvoiceDate: boolean;
  /** no_auto_calculation: every amount of a line is typed by hand. */
  manual: boolean;
  /** Removes this invoice (multiple-invoice mode, while more than one is left). */
  onRemove?: () => void;
};

/**
 * One invoice: its reference and date, then its lines (one per VAT rate) with the amount typed
 * (net or gross, per `purchase_amount_type`) and VAT, gross and refund computed as the clerk types
 * (or all typed by hand with no_auto_calculation), and the invoice's totals.
 */
export function InvoiceTable({
  index,
  multiple,
  rates,
  amounts,
  currency,
  referenceRequired,
  withInvoiceDate,
  manual,
  onRemove,
}: InvoiceTableProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const base = `invoice.${index}` as const;
  const { fields, append, remove } = useFieldArray({ control, name: `${base}.breakdown` });
  const invoice = useWatch({ control, name: base });
  const computed = useMemo(
    () => (invoice ? invoiceAmounts(invoice, amounts, manual) : null),
    [invoice, amounts, manual],
  );
  const typed = typedAmountField(amounts.purchaseAmountType);
  const rateOptions = useRateOptions(
    rates,
    (invoice?.breakdown ?? []).map((line) => line.vat_product_rate),
  );
  const money = (value: string | undefined) => formatAmount(value ?? 0, currency);
  const columns: InvoiceColumns = {
    rate: t('issueForm.table.rate'),
    net: t('issueForm.table.net'),
    vat: t('issueForm.table.vat'),
    gross: t('issueForm.table.gross'),
    refund: t('issueForm.table.refund'),
  };
  const number = index + 1;
  const invoiceError =
    errorOf(`${base}.gross_sales_price`) ??
    errorOf(`${base}.customer_refund`) ??
    errorOf(`${base}.refund_amount`) ??
    (index === 0 ? errorOf('invoice') : undefined);
  const titleId = `issue-invoice-${index}`;

  return (
    <div
      className={classes.invoice}
      data-testid="invoice"
      role={multiple ? 'group' : undefined}
      aria-labelledby={multiple ? titleId : undefined}
    >
      <InvoiceHeading
        index={index}
        multiple={multiple}
        referenceRequired={referenceRequired}
        withInvoiceDate={withInvoiceDate}
        titleId={titleId}
        onRemove={onRemove}
      />
      <div className={classes.invoiceScroll}>
        <Table className={classes.invoiceTable} verticalSpacing="xs" captionSide="top">
          <Table.Caption>
            {multiple ? t('issueForm.invoices.caption', { number }) : t('issueForm.table.caption')}
          </Table.Caption>
          <InvoiceTableHead columns={columns} />
          <Table.Tbody>
            {fields.map((field, lineIndex) => (
              <InvoiceLineRow
                key={field.id}
                base={base}
                lineIndex={lineIndex}
                line={computed?.breakdown[lineIndex]}
                typed={typed}
                manual={manual}
                rateOptions={rateOptions}
                columns={columns}
                money={money}
                invoiceNumber={multiple ? number : null}
                canRemove={fields.length > 1}
                onRemove={() => remove(lineIndex)}
              />
            ))}
          </Table.Tbody>
          <InvoiceTotals
            label={
              multiple ? t('issueForm.invoices.total', { number }) : t('issueForm.table.total')
            }
            totals={computed}
            columns={columns}
            money={money}
            testIdPrefix={multiple ? 'invoice-total-' : 'total-'}
          />
        </Table>
      </div>
      {invoiceError && <Input.Error role="alert">{invoiceError}</Input.Error>}
      <div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => append(emptyLine(rates[0]))}
        >
          {multiple ? t('issueForm.invoices.addLine', { number }) : t('issueForm.table.addLine')}
        </Button>
      </div>
    </div>
  );
}

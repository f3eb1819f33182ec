import { type AmountSettings } from '@taxfree/domain';
import { ActionIcon, Button, Input, Select, Table, TextInput, Title } from '@mantine/core';
import { mergeRefs } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { IconPlus } from '@/components/icons';
import { useDropdownPortal } from '@/hooks/use-dropdown-portal';
import { formatAmount } from '@/lib/format';
import { invoiceAmounts, typedAmountField } from '../model/amounts';
import { emptyLine, type IssueFormValues, type LineValues } from '../model/form-values';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { TextField, useErrorOf } from './fields';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';

type AmountField = Exclude<keyof LineValues, 'vat_product_rate'>;

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
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const { control, register } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const dropdown = useDropdownPortal();
  const base = `invoice.${index}` as const;
  const { fields, append, remove } = useFieldArray({ control, name: `${base}.breakdown` });
  const invoice = useWatch({ control, name: base });
  const computed = useMemo(
    () => (invoice ? invoiceAmounts(invoice, amounts, manual) : null),
    [invoice, amounts, manual],
  );
  const typed = typedAmountField(amounts.purchaseAmountType);
  const rateOptions = useMemo(() => {
    const all = new Set(rates);
    for (const line of invoice?.breakdown ?? []) {
      if (line.vat_product_rate !== '') all.add(Number(line.vat_product_rate));
    }
    return [...all].map((rate) => ({
      value: String(rate),
      label: t('issueForm.table.rateOption', { rate }),
    }));
  }, [rates, invoice, t]);
  const money = (value: string | undefined) => formatAmount(value ?? 0, currency);
  const columns = {
    rate: t('issueForm.table.rate'),
    net: t('issueForm.table.net'),
    vat: t('issueForm.table.vat'),
    gross: t('issueForm.table.gross'),
    refund: t('issueForm.table.refund'),
  };
  const number = index + 1;
  const cellLabel = (column: string, line: number) =>
    multiple
      ? t('issueForm.table.cellLabelInvoice', { column, invoice: number, line })
      : t('issueForm.table.cellLabel', { column, line });
  const invoiceError =
    errorOf(`${base}.gross_sales_price`) ??
    errorOf(`${base}.customer_refund`) ??
    errorOf(`${base}.refund_amount`) ??
    (index === 0 ? errorOf('invoice') : undefined);
  const titleId = `issue-invoice-${index}`;
  const testId = (name: string) => (multiple ? `invoice-total-${name}` : `total-${name}`);

  return (
    <div
      className={classes.invoice}
      data-testid="invoice"
      role={multiple ? 'group' : undefined}
      aria-labelledby={multiple ? titleId : undefined}
    >
      {multiple && (
        <div className={classes.invoiceHeader}>
          <Title
            order={headingLevel === 2 ? 3 : 4}
            size="h5"
            id={titleId}
            className={classes.sectionTitle}
          >
            {t('issueForm.invoices.title', { number })}
          </Title>
          {onRemove && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onRemove}
            >
              {t('issueForm.invoices.remove', { number })}
            </Button>
          )}
        </div>
      )}
      <div className={classes.fields}>
        <TextField
          name={multiple ? `${base}.invoice_reference_number` : 'taxform.invoice_reference_number'}
          label={
            multiple
              ? t('issueForm.invoices.reference', { number })
              : t('issueForm.fields.invoiceReference')
          }
          required={referenceRequired}
          autoComplete="off"
        />
        {withInvoiceDate && (
          <TextField
            name={`${base}.invoice_date`}
            label={
              multiple
                ? t('issueForm.invoices.date', { number })
                : t('issueForm.fields.invoiceDate')
            }
            type="date"
          />
        )}
      </div>
      <div className={classes.tableScroll}>
        <Table className={classes.table} verticalSpacing="xs" captionSide="top">
          <Table.Caption>
            {multiple ? t('issueForm.invoices.caption', { number }) : t('issueForm.table.caption')}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{columns.rate}</Table.Th>
              <Table.Th scope="col" className={classes.amountCell}>
                {columns.net}
              </Table.Th>
              <Table.Th scope="col" className={classes.amountCell}>
                {columns.vat}
              </Table.Th>
              <Table.Th scope="col" className={classes.amountCell}>
                {columns.gross}
              </Table.Th>
              <Table.Th scope="col" className={classes.amountCell}>
                {columns.refund}
              </Table.Th>
              <Table.Th scope="col">{t('issueForm.table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, lineIndex) => {
              const line = computed?.breakdown[lineIndex];
              const line1 = lineIndex + 1;
              const amountCell = (name: AmountField, column: string): ReactNode => {
                if (!manual && name !== typed) return money(line?.[name]);
                const path = `${base}.breakdown.${lineIndex}.${name}` as const;
                return (
                  <TextInput
                    {...register(path)}
                    aria-label={cellLabel(column, line1)}
                    inputMode="decimal"
                    autoComplete="off"
                    className={classes.amountInput}
                    error={errorOf(path)}
                    onFocus={(event) => event.currentTarget.select()}
                  />
                );
              };
              return (
                <Table.Tr key={field.id} data-testid="invoice-line">
                  <Table.Td className={classes.rateCell}>
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
                          comboboxProps={dropdown.comboboxProps}
                        />
                      )}
                    />
                  </Table.Td>
                  <Table.Td className={classes.amountCell}>
                    {amountCell('net_sales_amount', columns.net)}
                  </Table.Td>
                  <Table.Td className={classes.amountCell}>
                    {amountCell('vat_amount', columns.vat)}
                  </Table.Td>
                  <Table.Td className={classes.amountCell}>
                    {amountCell('gross_sales_price', columns.gross)}
                  </Table.Td>
                  <Table.Td className={classes.amountCell}>
                    {amountCell('customer_refund', columns.refund)}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={
                        multiple
                          ? t('issueForm.invoices.removeLine', { invoice: number, line: line1 })
                          : t('issueForm.table.removeLine', { line: line1 })
                      }
                      disabled={fields.length === 1}
                      onClick={() => remove(lineIndex)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">
                {multiple ? t('issueForm.invoices.total', { number }) : t('issueForm.table.total')}
              </Table.Th>
              <Table.Td className={classes.amountCell} data-testid={testId('net')}>
                {money(computed?.net_amount)}
              </Table.Td>
              <Table.Td className={classes.amountCell} data-testid={testId('vat')}>
                {money(computed?.vat_amount)}
              </Table.Td>
              <Table.Td className={classes.amountCell} data-testid={testId('gross')}>
                {money(computed?.gross_sales_price)}
              </Table.Td>
              <Table.Td className={classes.amountCell} data-testid={testId('refund')}>
                {money(computed?.customer_refund)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
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

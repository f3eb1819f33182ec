import { type AmountSettings } from '@taxfree/domain';
import { ActionIcon, Button, Input, Select, Table, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { IconPlus } from '@/components/icons';
import { formatAmount } from '@/lib/format';
import {
  computeInvoiceValues,
  emptyLine,
  type IssueFormValues,
  typedAmountField,
} from '../model/form-values';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { TextField, useErrorOf } from './fields';
import classes from './issue-form.module.css';

type InvoiceTableProps = {
  rates: number[];
  amounts: AmountSettings;
  currency: string;
  referenceRequired: boolean;
  /** Croatia-customised mode: the invoice date is asked for. */
  withInvoiceDate: boolean;
};

/**
 * The invoice (single-invoice mode): its reference and date, then one line per VAT rate with
 * the amount typed (net or gross, per `purchase_amount_type`) and VAT, gross and refund
 * computed as the clerk types, and the totals.
 */
export function InvoiceTable({
  rates,
  amounts,
  currency,
  referenceRequired,
  withInvoiceDate,
}: InvoiceTableProps) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const { fields, append, remove } = useFieldArray({ control, name: 'invoice.0.breakdown' });
  const invoice = useWatch({ control, name: 'invoice.0' });
  const computed = useMemo(
    () => (invoice ? computeInvoiceValues(invoice, amounts) : null),
    [invoice, amounts],
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
  const invoiceError =
    errorOf('invoice.0.gross_sales_price') ??
    errorOf('invoice.0.customer_refund') ??
    errorOf('invoice');

  return (
    <section className={classes.section} aria-labelledby="issue-invoice">
      <Title order={3} size="h4" id="issue-invoice" className={classes.sectionTitle}>
        {t('issueForm.sections.invoice')}
      </Title>
      <div className={classes.fields}>
        <TextField
          name="taxform.invoice_reference_number"
          label={t('issueForm.fields.invoiceReference')}
          required={referenceRequired}
          autoComplete="off"
        />
        {withInvoiceDate && (
          <TextField
            name="invoice.0.invoice_date"
            label={t('issueForm.fields.invoiceDate')}
            type="date"
          />
        )}
      </div>
      <div className={classes.tableScroll}>
        <Table className={classes.table} verticalSpacing="xs" captionSide="top">
          <Table.Caption>{t('issueForm.table.caption')}</Table.Caption>
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
            {fields.map((field, index) => {
              const line = computed?.breakdown[index];
              const line1 = index + 1;
              const amountName = `invoice.0.breakdown.${index}.${typed}` as const;
              const amountInput = (
                <TextInput
                  {...register(amountName)}
                  aria-label={t('issueForm.table.cellLabel', {
                    column: typed === 'net_sales_amount' ? columns.net : columns.gross,
                    line: line1,
                  })}
                  inputMode="decimal"
                  autoComplete="off"
                  className={classes.amountInput}
                  error={errorOf(amountName)}
                  onFocus={(event) => event.currentTarget.select()}
                />
              );
              return (
                <Table.Tr key={field.id} data-testid="invoice-line">
                  <Table.Td className={classes.rateCell}>
                    <Controller
                      control={control}
                      name={`invoice.0.breakdown.${index}.vat_product_rate`}
                      render={({ field: rate }) => (
                        <Select
                          ref={rate.ref}
                          name={rate.name}
                          aria-label={t('issueForm.table.cellLabel', {
                            column: columns.rate,
                            line: line1,
                          })}
                          data={rateOptions}
                          value={rate.value || null}
                          onChange={(value) => rate.onChange(value ?? '')}
                          onBlur={rate.onBlur}
                          allowDeselect={false}
                          error={errorOf(rate.name)}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    />
                  </Table.Td>
                  <Table.Td className={classes.amountCell}>
                    {typed === 'net_sales_amount' ? amountInput : money(line?.net_sales_amount)}
                  </Table.Td>
                  <Table.Td className={classes.amountCell}>{money(line?.vat_amount)}</Table.Td>
                  <Table.Td className={classes.amountCell}>
                    {typed === 'gross_sales_price' ? amountInput : money(line?.gross_sales_price)}
                  </Table.Td>
                  <Table.Td className={classes.amountCell}>{money(line?.customer_refund)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('issueForm.table.removeLine', { line: line1 })}
                      disabled={fields.length === 1}
                      onClick={() => remove(index)}
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
              <Table.Th scope="row">{t('issueForm.table.total')}</Table.Th>
              <Table.Td className={classes.amountCell} data-testid="total-net">
                {money(computed?.net_amount)}
              </Table.Td>
              <Table.Td className={classes.amountCell} data-testid="total-vat">
                {money(computed?.vat_amount)}
              </Table.Td>
              <Table.Td className={classes.amountCell} data-testid="total-gross">
                {money(computed?.gross_sales_price)}
              </Table.Td>
              <Table.Td className={classes.amountCell} data-testid="total-refund">
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
          {t('issueForm.table.addLine')}
        </Button>
      </div>
    </section>
  );
}

import { type AmountSettings, localToday } from '@taxfree/domain';
import { Button, Checkbox, Table, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { IconPlus } from '@/components/icons';
import { formatAmount } from '@/lib/format';
import { computeInvoiceValues, invoiceAmounts, sumInvoiceTotals } from '../model/amounts';
import { emptyInvoice, type IssueFormValues } from '../model/tax-form-values';
import { InvoiceTable } from './invoice-table';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';

type InvoicesSectionProps = {
  rates: number[];
  amounts: AmountSettings;
  currency: string;
  referenceRequired: boolean;
  withInvoiceDate: boolean;
  /** general_setting.multiple_invoice_required: invoices can be added and removed. */
  multiple: boolean;
};

/**
 * The invoice table (SPEC 2): one invoice, or in multiple-invoice mode as many as the clerk adds
 * (at least one stays), each with its own reference, date and lines, and the form's totals; and
 * the no-auto-calculation option, under which every amount of a line is typed by hand.
 */
export function InvoicesSection({
  rates,
  amounts,
  currency,
  referenceRequired,
  withInvoiceDate,
  multiple,
}: InvoicesSectionProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<IssueFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'invoice' });
  const manual = useWatch({ control, name: 'taxform.no_auto_calculation' }) === 1;
  const invoices = useWatch({ control, name: 'invoice' });
  const totals = useMemo(
    () =>
      sumInvoiceTotals((invoices ?? []).map((invoice) => invoiceAmounts(invoice, amounts, manual))),
    [invoices, amounts, manual],
  );
  const money = (value: string) => formatAmount(value, currency);

  const setManual = (on: boolean) => {
    if (on) {
      // The amounts computed so far become the starting point of the typed ones.
      getValues('invoice').forEach((invoice, index) => {
        const { net_amount: _net, ...computed } = computeInvoiceValues(invoice, amounts);
        setValue(`invoice.${index}`, { ...invoice, ...computed }, { shouldDirty: true });
      });
    }
    setValue('taxform.no_auto_calculation', on ? 1 : 0, { shouldDirty: true });
  };

  return (
    <section className={classes.section} aria-labelledby="issue-invoice">
      <Title order={headingLevel} size="h4" id="issue-invoice" className={classes.sectionTitle}>
        {multiple ? t('issueForm.sections.invoices') : t('issueForm.sections.invoice')}
      </Title>
      <Checkbox
        label={t('issueForm.manual.label')}
        description={t('issueForm.manual.description')}
        checked={manual}
        onChange={(event) => setManual(event.currentTarget.checked)}
      />
      {fields.map((field, index) => (
        <InvoiceTable
          key={field.id}
          index={index}
          multiple={multiple}
          rates={rates}
          amounts={amounts}
          currency={currency}
          referenceRequired={referenceRequired}
          withInvoiceDate={withInvoiceDate}
          manual={manual}
          onRemove={multiple && fields.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      {multiple && (
        <>
          <div>
            <Button
              variant="outline"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => append(emptyInvoice(localToday(), rates[0]))}
            >
              {t('issueForm.invoices.add')}
            </Button>
          </div>
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
                    {fields.length}
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
        </>
      )}
    </section>
  );
}

import { type AmountSettings, localToday } from '@taxfree/domain';
import { Button, Checkbox, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { IconPlus } from '@/components/icons';
import { formatAmount } from '@/lib/format';
import type { Tenant } from '../api/issue-form-api';
import {
  computeInvoiceValues,
  invoiceAmounts,
  sumInvoiceTotals,
  typedAmountField,
} from '../model/amounts';
import { emptyInvoice, type IssueFormValues } from '../model/tax-form-values';
import { FormTotalsTable } from './form-totals-table';
import { InvoiceTable } from './invoice-table';
import classes from './issue-form.module.css';
import { ReceiptScanInput } from './receipt-scan-input';
import { useSectionHeadingLevel } from './section-heading';
import type { JudgeEligibility } from './use-eligibility';

type InvoicesSectionProps = {
  tenant: Tenant;
  /** The shop's country (ISO 3166-1 alpha-2). */
  country: string;
  judge: JudgeEligibility;
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
  tenant,
  country,
  judge,
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
      <ReceiptScanInput
        tenant={tenant}
        country={country}
        currency={currency}
        judge={judge}
        multiple={multiple}
        typed={typedAmountField(amounts.purchaseAmountType)}
        manual={manual}
        firstRate={rates[0]}
        append={append}
      />
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
          <FormTotalsTable count={fields.length} totals={totals} money={money} />
        </>
      )}
    </section>
  );
}

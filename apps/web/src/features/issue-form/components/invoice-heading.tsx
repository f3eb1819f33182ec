import { Button, Text, Title } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import type { IssueFormValues } from '../model/tax-form-values';
import { DayField, TextField } from './fields';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';

type InvoiceHeadingProps = {
  /** The invoice's place in the form's `invoice` list. */
  index: number;
  multiple: boolean;
  referenceRequired: boolean;
  withInvoiceDate: boolean;
  /** The id the invoice's group is labelled by (multiple-invoice mode). */
  titleId: string;
  onRemove?: () => void;
};

/**
 * Above an invoice's lines: in multiple-invoice mode its title and remove action, then its
 * reference and date (in single-invoice mode the form's reference).
 */
export function InvoiceHeading({
  index,
  multiple,
  referenceRequired,
  withInvoiceDate,
  titleId,
  onRemove,
}: InvoiceHeadingProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const base = `invoice.${index}` as const;
  const number = index + 1;
  const receiptId = useWatch<IssueFormValues, `invoice.${number}.receipt_id`>({
    name: `${base}.receipt_id`,
  });

  return (
    <>
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
          <DayField
            name={`${base}.invoice_date`}
            label={
              multiple
                ? t('issueForm.invoices.date', { number })
                : t('issueForm.fields.invoiceDate')
            }
          />
        )}
      </div>
      {receiptId && (
        <Text size="sm" c="dimmed" data-testid="invoice-receipt">
          {t('issueForm.receipt.linked', { id: receiptId })}
        </Text>
      )}
    </>
  );
}

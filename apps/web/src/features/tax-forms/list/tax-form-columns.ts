import type { TaxFormListItem } from '@taxfree/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@/lib/format';

/** One piece of a form shown in the list; the table and the phone cards share these. */
export type FormColumn = {
  id: string;
  label: string;
  value: (form: TaxFormListItem) => string;
  /** Amounts align right and never wrap. */
  isAmount?: boolean;
  /**
   * Long unbroken text (e-mail addresses): the table shortens it to one line with an ellipsis,
   * whole on hover; a card wraps it anywhere rather than widen the page.
   */
  isLong?: boolean;
  /** In the table, a second line under this column's value rather than a column of its own. */
  isUnder?: string;
  /**
   * Text that must not widen the table past the screen: a name's word, a reference. A usual one
   * (an invoice number of twelve characters) stays on one line; a longer one wraps anywhere.
   */
  wrapsPast?: 'name' | 'reference';
};

type ColumnOptions = { currency: string; showsInvoiceReference: boolean };

/**
 * The columns of SPEC 2 after the barcode: traveller, issuing country, date of sales, e-mail,
 * the four amounts (SPEC 9 format) and, in Croatia mode with single invoices, the invoice number.
 */
export function useFormColumns({ currency, showsInvoiceReference }: ColumnOptions): FormColumn[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const amount = (id: string, label: string, pick: (form: TaxFormListItem) => number) => ({
      id,
      label,
      value: (form: TaxFormListItem) => formatAmount(pick(form), currency),
      isAmount: true,
    });
    const columns: FormColumn[] = [
      {
        id: 'traveller',
        label: t('refundForms.columns.traveller'),
        value: (form) => `${form.traveler_name} ${form.traveler_surname}`.trim(),
        wrapsPast: 'name',
      },
      {
        id: 'issuedGovt',
        label: t('refundForms.columns.issuedGovt'),
        value: (form) => form.issued_govt_name ?? '',
      },
      {
        id: 'dateOfSales',
        label: t('refundForms.columns.dateOfSales'),
        value: (form) => formatDate(form.date_of_sales),
      },
      {
        id: 'email',
        label: t('refundForms.columns.email'),
        value: (form) => form.traveler_email ?? '',
        isLong: true,
        // Under the traveller's name: the twelve columns then fit a laptop of 1,280 pixels.
        isUnder: 'traveller',
      },
      amount('gross', t('refundForms.columns.grossAmount'), (form) => form.gross_amount),
      amount('vat', t('refundForms.columns.vatAmount'), (form) => form.vat_amount),
      amount('net', t('refundForms.columns.netAmount'), (form) => form.net_amount),
      amount('refund', t('refundForms.columns.refundAmount'), (form) => form.refund_amount),
    ];
    if (showsInvoiceReference) {
      columns.push({
        id: 'invoiceReference',
        label: t('refundForms.columns.invoiceReference'),
        value: (form) => form.invoice_reference_number ?? '',
        wrapsPast: 'reference',
      });
    }
    return columns;
  }, [t, currency, showsInvoiceReference]);
}

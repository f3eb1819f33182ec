import { useTranslation } from 'react-i18next';
import type { ProductValues } from '../model/tax-form-values';

/** The columns whose cells are typed (all but the VAT rate's select). */
export type ProductTextColumn = Exclude<keyof ProductValues, 'vat_rate'>;

/** The products table's columns, in order. */
export const PRODUCT_COLUMNS: (keyof ProductValues)[] = [
  'classification',
  'description',
  'quantity',
  'serial_number',
  'net_amount',
  'vat_rate',
  'simplified_invoice_number',
  'simplified_invoice_date',
];

/** The columns whose cells hold numbers (aligned as amounts). */
export const NUMERIC_COLUMNS = new Set<keyof ProductValues>(['quantity', 'net_amount']);

/** The products table's column names, which also name each cell for assistive technology. */
export function useProductColumnNames(): Record<keyof ProductValues, string> {
  const { t } = useTranslation();
  return {
    classification: t('issueForm.products.classification'),
    description: t('issueForm.products.description'),
    quantity: t('issueForm.products.quantity'),
    serial_number: t('issueForm.products.serialNumber'),
    net_amount: t('issueForm.products.netAmount'),
    vat_rate: t('issueForm.products.vatRate'),
    simplified_invoice_number: t('issueForm.products.invoiceNumber'),
    simplified_invoice_date: t('issueForm.products.invoiceDate'),
  };
}

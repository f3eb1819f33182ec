import { Badge } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import classes from './tax-forms.module.css';

/** The barcode, and a badge when the form has been cancelled. */
export function FormBarcode({ form }: { form: TaxFormListItem }) {
  const { t } = useTranslation();
  return (
    <span className={classes.barcode}>
      <span className={classes.barcodeDigits}>{form.barcode}</span>
      {form.cancelled === '1' && (
        <Badge color="red" variant="light" size="sm">
          {t('refundForms.cancelled')}
        </Badge>
      )}
    </span>
  );
}

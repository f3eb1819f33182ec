import { Badge } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import classes from './tax-forms.module.css';
import { useIsExpired } from './use-is-expired';

/** The barcode, and a badge when the form has been cancelled or its export window has closed. */
export function FormBarcode({ form }: { form: TaxFormListItem }) {
  const { t } = useTranslation();
  const hasExpired = useIsExpired()(form);
  return (
    <span className={classes.barcode}>
      <span className={classes.barcodeDigits}>{form.barcode}</span>
      {form.cancelled === '1' && (
        <Badge color="red" variant="light" size="sm">
          {t('refundForms.cancelled')}
        </Badge>
      )}
      {hasExpired && (
        <Badge color="orange" variant="light" size="sm">
          {t('refundForms.expired')}
        </Badge>
      )}
    </span>
  );
}

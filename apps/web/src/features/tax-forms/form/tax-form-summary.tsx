import { Paper } from '@mantine/core';
import { isFormStage, STAGE_LABEL_KEYS, type TaxFormListItem } from '@taxfree/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@/lib/format';
import classes from '../tax-forms.module.css';

type SummarisedForm = Pick<
  TaxFormListItem,
  | 'barcode'
  | 'status'
  | 'traveler_name'
  | 'traveler_surname'
  | 'date_of_sales'
  | 'customer_refund'
  | 'export_deadline'
>;

/** Which form a step is recorded on: the clerk checks it against the paper in hand. */
export function FormSummary({ form, currency }: { form: SummarisedForm; currency: string }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('formActions.summary.barcode'), form.barcode],
    [t('formActions.summary.traveller'), `${form.traveler_name} ${form.traveler_surname}`.trim()],
    [
      t('formActions.summary.stage'),
      isFormStage(form.status) ? t(STAGE_LABEL_KEYS[form.status]) : form.status,
    ],
    [t('formActions.summary.dateOfSales'), formatDate(form.date_of_sales)],
    [t('formActions.summary.refund'), formatAmount(form.customer_refund, currency)],
    [t('formActions.summary.exportDeadline'), formatDate(form.export_deadline)],
  ];
  return (
    <Paper withBorder radius="md" p="sm">
      <dl className={classes.fields}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.field}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

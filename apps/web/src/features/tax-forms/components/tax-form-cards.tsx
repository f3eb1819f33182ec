import { Paper } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActionsMenu } from './tax-form-actions-menu';
import { FormBarcode } from './tax-form-barcode';
import type { FormColumn } from './tax-form-columns';
import type { FormActionHandler } from './tax-form-panel';
import classes from './tax-forms.module.css';

type FormCardsProps = {
  forms: TaxFormListItem[];
  columns: FormColumn[];
  onAction: FormActionHandler;
};

function FormCard({
  form,
  columns,
  onAction,
}: Omit<FormCardsProps, 'forms'> & { form: TaxFormListItem }) {
  const titleId = useId();
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <div className={classes.cardHeader}>
        <h2 id={titleId} className={classes.cardTitle}>
          <FormBarcode form={form} />
        </h2>
        <FormActionsMenu form={form} onAction={onAction} />
      </div>
      <dl className={classes.fields}>
        {columns.map((column) => (
          <div key={column.id} className={classes.field}>
            <dt>{column.label}</dt>
            <dd className={column.canBreakAnywhere ? classes.breakAnywhere : undefined}>
              {column.value(form)}
            </dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/** The list on phones and narrow tablets: one card per form, nothing to scroll sideways. */
export function FormCards({ forms, columns, onAction }: FormCardsProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.cards} aria-label={t('refundForms.list')}>
      {forms.map((form) => (
        <li key={form.id}>
          <FormCard form={form} columns={columns} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}

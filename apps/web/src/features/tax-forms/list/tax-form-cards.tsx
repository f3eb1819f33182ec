import { Button, Paper } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconChevronDown } from '@/components/icons';
import { NewFormNote } from './new-form-note';
import { StageBadge } from '../form/stage-badge';
import { FormActionsMenu } from '../actions/tax-form-actions-menu';
import type { FormColumn } from './tax-form-columns';
import type { FormListProps } from './tax-forms-table';
import { revealMarked } from './use-highlighted-form';
import classes from '../tax-forms.module.css';

/**
 * What a card shows at once, two to a line: who and when, then the refund and the gross amount.
 * Names and dates speak for themselves; the amounts are labelled. The rest waits behind a toggle.
 */
const SUMMARY: { id: string; isLabelShown: boolean }[] = [
  { id: 'traveller', isLabelShown: false },
  { id: 'dateOfSales', isLabelShown: false },
  { id: 'refund', isLabelShown: true },
  { id: 'gross', isLabelShown: true },
];

type FormCardProps = Omit<FormListProps, 'forms' | 'highlightId'> & {
  form: TaxFormListItem;
  isMarked: boolean;
};

/** One form's card; drawn again only when its form, the columns or its mark change (as a row is). */
const FormCard = memo(function FormCard({ form, columns, onAction, isMarked }: FormCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const detailsId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const summary = SUMMARY.flatMap(({ id, isLabelShown }) => {
    const column = columns.find((candidate) => candidate.id === id);
    return column ? [{ column, isLabelShown }] : [];
  });
  const details = columns.filter((column) => !SUMMARY.some(({ id }) => id === column.id));
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      aria-labelledby={titleId}
      ref={isMarked ? revealMarked : undefined}
      className={isMarked ? `${classes.card} ${classes.marked}` : classes.card}
    >
      <div className={classes.cardHeader}>
        <h2 id={titleId} className={classes.cardTitle}>
          <span className={classes.barcodeDigits}>{form.barcode}</span>
          {isMarked && <NewFormNote />}
        </h2>
        <StageBadge form={form} />
      </div>
      <dl className={classes.summary}>
        {summary.map(({ column, isLabelShown }) => (
          <div key={column.id} className={column.isAmount ? classes.summaryAmount : undefined}>
            <dt className={isLabelShown ? undefined : classes.visuallyHidden}>{column.label}</dt>
            <dd>{column.value(form)}</dd>
          </div>
        ))}
      </dl>
      <Button
        className={classes.moreToggle}
        variant="transparent"
        size="compact-xs"
        // Small text: the darker blue on no background keeps it readable (WCAG AA contrast), hovered too.
        c="blue.9"
        aria-expanded={isOpen}
        aria-controls={detailsId}
        aria-label={t('formList.moreDetailsOf', { barcode: form.barcode })}
        rightSection={<IconChevronDown size={14} aria-hidden className={classes.toggleIcon} />}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('formList.moreDetails')}
      </Button>
      <div className={classes.cardAction}>
        <FormActionsMenu form={form} onAction={onAction} />
      </div>
      <dl id={detailsId} hidden={!isOpen} className={classes.fields}>
        {details.map((column) => (
          <DetailField key={column.id} column={column} form={form} />
        ))}
      </dl>
    </Paper>
  );
});

function DetailField({ column, form }: { column: FormColumn; form: TaxFormListItem }) {
  return (
    <div className={classes.field}>
      <dt>{column.label}</dt>
      <dd className={column.isLong ? classes.breakAnywhere : undefined}>{column.value(form)}</dd>
    </div>
  );
}

/**
 * The list on phones and narrow tablets: one compact card per form, nothing to scroll sideways.
 */
export function FormCards({ forms, columns, onAction, highlightId = null }: FormListProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.cards} aria-label={t('refundForms.list')}>
      {forms.map((form) => (
        <li key={form.id}>
          <FormCard
            form={form}
            columns={columns}
            onAction={onAction}
            isMarked={form.id === highlightId}
          />
        </li>
      ))}
    </ul>
  );
}

import { Paper } from '@mantine/core';
import type { CompanyFormListItem } from '@taxfree/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@/lib/format';
import { StageBadge } from '../form/stage-badge';
import { OpenInBranch, type AllBranchesTableProps } from './all-branches-table';
import classes from '../tax-forms.module.css';

/** One form of any branch on a phone: barcode and stage, who and when, the refund, and Open. */
function AllBranchesCard({
  form,
  currency,
  onOpen,
}: Omit<AllBranchesTableProps, 'forms'> & {
  form: CompanyFormListItem;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const field = (label: string, value: string) => (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      aria-labelledby={titleId}
      className={classes.card}
    >
      <div className={classes.cardHeader}>
        <h2 id={titleId} className={classes.cardTitle}>
          <span className={classes.barcodeDigits}>{form.barcode}</span>
        </h2>
        <StageBadge form={form} />
      </div>
      <dl className={classes.fields}>
        {field(
          t('refundForms.columns.traveller'),
          `${form.traveler_name} ${form.traveler_surname}`.trim(),
        )}
        {field(t('allBranches.columns.branch'), form.branch_name)}
        {field(t('allBranches.columns.issuedBy'), form.issued_by ?? '')}
        {field(t('refundForms.columns.dateOfSales'), formatDate(form.date_of_sales))}
        {field(t('refundForms.columns.refundAmount'), formatAmount(form.refund_amount, currency))}
      </dl>
      <div className={classes.cardAction}>
        <OpenInBranch form={form} onOpen={onOpen} />
      </div>
    </Paper>
  );
}

/** Every branch's forms on a phone or a narrow tablet: a card each, nothing to scroll sideways. */
export function AllBranchesCards({ forms, currency, onOpen }: AllBranchesTableProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.cards} aria-label={t('allBranches.list')}>
      {forms.map((form) => (
        <li key={form.id}>
          <AllBranchesCard form={form} currency={currency} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

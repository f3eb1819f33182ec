import { Button, Table } from '@mantine/core';
import type { CompanyFormListItem } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@/lib/format';
import { StageBadge } from '../form/stage-badge';
import classes from '../tax-forms.module.css';

export type AllBranchesTableProps = {
  forms: CompanyFormListItem[];
  currency: string;
  /** Opens a form in its own branch, where it can be worked on. */
  onOpen: (form: CompanyFormListItem) => void;
};

/** Opens one form in its own branch, where it can be worked on (the table's and the cards'). */
export function OpenInBranch({
  form,
  onOpen,
}: {
  form: CompanyFormListItem;
  onOpen: AllBranchesTableProps['onOpen'];
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={t('allBranches.openLabel', { barcode: form.barcode })}
      onClick={() => onOpen(form)}
    >
      {t('allBranches.open')}
    </Button>
  );
}

/** Every branch's forms, each with its branch and the user who issued it. */
export function AllBranchesTable({ forms, currency, onOpen }: AllBranchesTableProps) {
  const { t } = useTranslation();
  return (
    <div
      className={classes.tableScroll}
      role="region"
      aria-label={t('allBranches.list')}
      tabIndex={0}
    >
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('refundForms.columns.barcode')}</Table.Th>
            <Table.Th>{t('allBranches.columns.branch')}</Table.Th>
            <Table.Th>{t('allBranches.columns.issuedBy')}</Table.Th>
            <Table.Th>{t('refundForms.columns.traveller')}</Table.Th>
            <Table.Th>{t('refundForms.columns.dateOfSales')}</Table.Th>
            <Table.Th className={classes.amount}>{t('refundForms.columns.refundAmount')}</Table.Th>
            <Table.Th>
              <span className={classes.visuallyHidden}>{t('allBranches.columns.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((form) => (
            <Table.Tr key={form.id}>
              <Table.Td>
                {form.barcode} <StageBadge form={form} />
              </Table.Td>
              <Table.Td>{form.branch_name}</Table.Td>
              <Table.Td>{form.issued_by ?? ''}</Table.Td>
              <Table.Td>{`${form.traveler_name} ${form.traveler_surname}`.trim()}</Table.Td>
              <Table.Td>{formatDate(form.date_of_sales)}</Table.Td>
              <Table.Td className={classes.amount}>
                {formatAmount(form.refund_amount, currency)}
              </Table.Td>
              <Table.Td>
                <OpenInBranch form={form} onOpen={onOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

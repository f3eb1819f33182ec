import { Table } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NewFormNote } from './new-form-note';
import { StageBadge, StageColumnSizer } from '../form/stage-badge';
import { FormActionsMenu } from '../actions/tax-form-actions-menu';
import type { FormColumn } from './tax-form-columns';
import type { FormActionHandler } from '../form/tax-form-panel';
import { revealMarked } from './use-highlighted-form';
import classes from '../tax-forms.module.css';

function cellClass(column: FormColumn): string | undefined {
  if (column.isAmount) return classes.amount;
  if (column.wrapsPast === 'name') return classes.nameCell;
  return column.wrapsPast === 'reference' ? classes.referenceCell : undefined;
}

function CellText({ column, form }: { column: FormColumn; form: TaxFormListItem }) {
  const text = column.value(form);
  if (!column.isLong) return text;
  return (
    <span className={classes.shortened} title={text}>
      {text}
    </span>
  );
}

type TableColumn = { column: FormColumn; under: FormColumn[] };

/** The table's columns, each with the ones drawn under it (the e-mail under the traveller). */
function tableColumns(columns: FormColumn[]): TableColumn[] {
  return columns
    .filter((column) => !column.isUnder)
    .map((column) => ({ column, under: columns.filter((other) => other.isUnder === column.id) }));
}

type FormRowProps = {
  form: TaxFormListItem;
  shown: TableColumn[];
  onAction: FormActionHandler;
  isMarked: boolean;
};

/**
 * One form's row. Drawn again only when its form, the columns or its mark change: the next page
 * scrolled to draws its own rows, not every row above it once more.
 */
const FormRow = memo(function FormRow({ form, shown, onAction, isMarked }: FormRowProps) {
  return (
    <Table.Tr
      ref={isMarked ? revealMarked : undefined}
      className={isMarked ? classes.marked : undefined}
    >
      <Table.Th scope="row" className={classes.rowHeader}>
        <span className={classes.barcodeDigits}>{form.barcode}</span>
        {isMarked && <NewFormNote />}
      </Table.Th>
      <Table.Td>
        <StageBadge form={form} />
      </Table.Td>
      {shown.map(({ column, under }) => (
        <Table.Td key={column.id} className={cellClass(column)}>
          <CellText column={column} form={form} />
          {under.map((other) => (
            <span key={other.id} className={classes.underLine}>
              {' '}
              <CellText column={other} form={form} />
            </span>
          ))}
        </Table.Td>
      ))}
      <Table.Td>
        <FormActionsMenu form={form} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
});

export type FormListProps = {
  forms: TaxFormListItem[];
  columns: FormColumn[];
  onAction: FormActionHandler;
  /** The form just issued, marked until the list moves on (`?highlight=`). */
  highlightId?: number | null;
};

/**
 * The list on wide screens; it scrolls sideways inside its own box when the columns need it. The
 * stage follows the barcode, so the two read together.
 */
export function FormsTable({ forms, columns, onAction, highlightId = null }: FormListProps) {
  const { t } = useTranslation();
  const shown = useMemo(() => tableColumns(columns), [columns]);
  return (
    <div
      className={classes.tableScroll}
      role="region"
      aria-label={t('refundForms.list')}
      tabIndex={0}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing={8}
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('refundForms.columns.barcode')}</Table.Th>
            <Table.Th scope="col">
              {t('formList.stage')}
              <StageColumnSizer />
            </Table.Th>
            {shown.map(({ column, under }) => (
              <Table.Th
                key={column.id}
                scope="col"
                className={column.isAmount ? classes.amountHeader : undefined}
              >
                {column.label}
                {under.map((other) => (
                  // The space keeps the two apart in the header's name and in copied text.
                  <span key={other.id} className={classes.underLine}>
                    {' '}
                    {other.label}
                  </span>
                ))}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('refundForms.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((form) => (
            <FormRow
              key={form.id}
              form={form}
              shown={shown}
              onAction={onAction}
              isMarked={form.id === highlightId}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

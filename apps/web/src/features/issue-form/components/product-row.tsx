import { ActionIcon, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductValues } from '../model/tax-form-values';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import classes from './issue-form.module.css';
import { ProductClassificationCell, ProductRateCell } from './product-choice-cells';
import { PRODUCT_COLUMNS } from './product-columns';
import { ProductTextCell } from './product-text-cell';

type ProductRowProps = {
  index: number;
  columns: Record<keyof ProductValues, string>;
  rateOptions: { value: string; label: string }[];
  /** The company's classification codes with their names; none: the code is typed. */
  classificationNames: ReadonlyMap<string, string>;
  /** The last row stays. */
  canRemove: boolean;
  onRemove: () => void;
  /** Any change to the row: its totals are shown again only after Finish Invoice. */
  onChange: () => void;
};

/** One product row: its cells (a rate select, a classification code, text) and remove button. */
export function ProductRow({
  index,
  columns,
  rateOptions,
  classificationNames,
  canRemove,
  onRemove,
  onChange,
}: ProductRowProps) {
  const { t } = useTranslation();
  const cellLabel = (name: keyof ProductValues) =>
    t('issueForm.products.cellLabel', { column: columns[name], row: index + 1 });

  const cell = (name: keyof ProductValues) => {
    const label = cellLabel(name);
    if (name === 'vat_rate') {
      return (
        <ProductRateCell
          index={index}
          label={label}
          rateOptions={rateOptions}
          onChange={onChange}
        />
      );
    }
    if (name !== 'classification' || classificationNames.size === 0) {
      return <ProductTextCell index={index} name={name} label={label} onChange={onChange} />;
    }
    return (
      <ProductClassificationCell
        index={index}
        label={label}
        classificationNames={classificationNames}
        onChange={onChange}
      />
    );
  };

  return (
    <Table.Tr data-testid="product-row">
      {PRODUCT_COLUMNS.map((name) => (
        <Table.Td
          key={name}
          className={name === 'vat_rate' ? classes.rateCell : classes.productCell}
          data-label={columns[name]}
        >
          {cell(name)}
        </Table.Td>
      ))}
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('issueForm.products.remove', { row: index + 1 })}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

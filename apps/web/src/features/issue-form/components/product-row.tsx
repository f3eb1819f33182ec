import { ActionIcon, Autocomplete, Select, Table, TextInput } from '@mantine/core';
import { mergeRefs } from '@mantine/hooks';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '@/components/amount-input';
import { DateField } from '@/components/date-field';
import { useDropdownPortal } from '@/hooks/use-dropdown-portal';
import type { IssueFormValues, ProductValues } from '../model/tax-form-values';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useErrorOf } from './fields';
import classes from './issue-form.module.css';

type TextColumn = Exclude<keyof ProductValues, 'vat_rate'>;

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
  const { control, register } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const dropdown = useDropdownPortal();
  const cellLabel = (name: keyof ProductValues) =>
    t('issueForm.products.cellLabel', { column: columns[name], row: index + 1 });

  const textCell = (name: TextColumn) => {
    const path = `products.${index}.${name}` as const;
    if (name === 'net_amount' || name === 'simplified_invoice_date') {
      return (
        <Controller
          control={control}
          name={path}
          render={({ field }) => {
            const props = {
              ref: field.ref,
              name: field.name,
              value: field.value,
              onChange: (value: string) => {
                field.onChange(value);
                onChange();
              },
              onBlur: field.onBlur,
              'aria-label': cellLabel(name),
              error: errorOf(path),
            };
            return name === 'net_amount' ? (
              <AmountInput {...props} className={classes.amountInput} />
            ) : (
              <DateField {...props} />
            );
          }}
        />
      );
    }
    const numeric = NUMERIC_COLUMNS.has(name);
    return (
      <TextInput
        {...register(path, { onChange })}
        aria-label={cellLabel(name)}
        inputMode={name === 'quantity' ? 'numeric' : undefined}
        autoComplete="off"
        className={numeric ? classes.amountInput : undefined}
        error={errorOf(path)}
      />
    );
  };

  const cell = (name: keyof ProductValues) => {
    if (name === 'vat_rate') {
      return (
        <Controller
          control={control}
          name={`products.${index}.vat_rate`}
          render={({ field: rate }) => (
            <Select
              ref={mergeRefs(rate.ref, dropdown.ref)}
              name={rate.name}
              aria-label={cellLabel('vat_rate')}
              data={rateOptions}
              value={rate.value || null}
              onChange={(value) => {
                rate.onChange(value ?? '');
                onChange();
              }}
              onBlur={rate.onBlur}
              allowDeselect={false}
              error={errorOf(rate.name)}
              comboboxProps={dropdown.comboboxProps}
            />
          )}
        />
      );
    }
    if (name !== 'classification' || classificationNames.size === 0) return textCell(name);
    return (
      <Controller
        control={control}
        name={`products.${index}.classification`}
        render={({ field: code }) => (
          <Autocomplete
            ref={mergeRefs(code.ref, dropdown.ref)}
            name={code.name}
            aria-label={cellLabel('classification')}
            data={[...classificationNames.keys()]}
            renderOption={({ option }) =>
              `${option.value} · ${classificationNames.get(option.value) ?? ''}`
            }
            value={code.value}
            onChange={(value) => {
              code.onChange(value);
              onChange();
            }}
            onBlur={code.onBlur}
            autoComplete="off"
            error={errorOf(code.name)}
            comboboxProps={dropdown.comboboxProps}
          />
        )}
      />
    );
  };

  return (
    <Table.Tr data-testid="product-row">
      {PRODUCT_COLUMNS.map((name) => (
        <Table.Td
          key={name}
          className={name === 'vat_rate' ? classes.rateCell : classes.productCell}
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

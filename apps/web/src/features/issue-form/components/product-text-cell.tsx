import { TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { AmountInput } from '@/components/amount-input';
import { DateField } from '@/components/date-field';
import type { IssueFormValues } from '../model/tax-form-values';
import { useErrorOf } from './fields';
import classes from './issue-form.module.css';
import { NUMERIC_COLUMNS, type ProductTextColumn } from './product-columns';

type ProductTextCellProps = {
  /** The product's row in the form's `products` list. */
  index: number;
  name: ProductTextColumn;
  /** The cell's name for assistive technology (its column and row). */
  label: string;
  /** Any change to the cell. */
  onChange: () => void;
};

/** A product's typed cell: the net amount, the invoice date, or text (the quantity as a number). */
export function ProductTextCell({ index, name, label, onChange }: ProductTextCellProps) {
  const { control, register } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
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
            'aria-label': label,
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
      aria-label={label}
      inputMode={name === 'quantity' ? 'numeric' : undefined}
      autoComplete="off"
      className={numeric ? classes.amountInput : undefined}
      error={errorOf(path)}
    />
  );
}

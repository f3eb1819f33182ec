import { Autocomplete, Select } from '@mantine/core';
import { mergeRefs } from '@mantine/hooks';
import { Controller, useFormContext } from 'react-hook-form';
import { useDropdownPortal } from '@/hooks/use-dropdown-portal';
import type { IssueFormValues } from '../model/tax-form-values';
import { useErrorOf } from './fields';

type ProductChoiceCellProps = {
  /** The product's row in the form's `products` list. */
  index: number;
  /** The cell's name for assistive technology (its column and row). */
  label: string;
  /** Any change to the cell. */
  onChange: () => void;
};

/** A product's VAT rate: one of the offered rates. */
export function ProductRateCell({
  index,
  label,
  rateOptions,
  onChange,
}: ProductChoiceCellProps & { rateOptions: { value: string; label: string }[] }) {
  const { control } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const dropdown = useDropdownPortal();
  return (
    <Controller
      control={control}
      name={`products.${index}.vat_rate`}
      render={({ field: rate }) => (
        <Select
          ref={mergeRefs(rate.ref, dropdown.ref)}
          name={rate.name}
          aria-label={label}
          data={rateOptions}
          value={rate.value || null}
          onChange={(value) => {
            rate.onChange(value ?? '');
            onChange();
          }}
          onBlur={rate.onBlur}
          allowDeselect={false}
          error={errorOf(rate.name)}
          onDropdownOpen={dropdown.onOpen}
          comboboxProps={dropdown.comboboxProps}
        />
      )}
    />
  );
}

/** A product's classification code, typed with the company's codes and their names offered. */
export function ProductClassificationCell({
  index,
  label,
  classificationNames,
  onChange,
}: ProductChoiceCellProps & { classificationNames: ReadonlyMap<string, string> }) {
  const { control } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const dropdown = useDropdownPortal();
  return (
    <Controller
      control={control}
      name={`products.${index}.classification`}
      render={({ field: code }) => (
        <Autocomplete
          ref={mergeRefs(code.ref, dropdown.ref)}
          name={code.name}
          aria-label={label}
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
          onDropdownOpen={dropdown.onOpen}
          comboboxProps={dropdown.comboboxProps}
        />
      )}
    />
  );
}

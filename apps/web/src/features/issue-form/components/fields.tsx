import { Select, Textarea, TextInput, type SelectProps } from '@mantine/core';
import { mergeRefs } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Controller, get, useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { useDropdownPortal } from '@/hooks/use-dropdown-portal';
import { useFieldError } from '@/hooks/use-field-error';
import type { IssueFormValues } from '../model/tax-form-values';

export type FieldName = FieldPath<IssueFormValues>;

/** The translated message of a field's error, if any. */
export function useErrorOf() {
  const {
    formState: { errors },
  } = useFormContext<IssueFormValues>();
  const fieldError = useFieldError();
  return (name: string) => fieldError(get(errors, name));
}

type TextFieldProps = {
  name: FieldName;
  label: ReactNode;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  multiline?: boolean;
  autoComplete?: string;
  description?: ReactNode;
  rightSection?: ReactNode;
  onBlur?: (value: string) => void;
  onFocus?: () => void;
  autoFocus?: boolean;
};

/** A text input bound to the form, with its translated error. */
export function TextField({
  name,
  label,
  required,
  type = 'text',
  multiline,
  onBlur,
  autoFocus,
  ...rest
}: TextFieldProps) {
  const { register } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const registration = register(name);
  const common = {
    ...registration,
    ...rest,
    label,
    required,
    error: errorOf(name),
    'data-autofocus': autoFocus || undefined,
    onBlur: (event: { target: { value: string }; type?: string }) => {
      void registration.onBlur(event);
      onBlur?.(event.target.value);
    },
  };
  return multiline ? <Textarea {...common} rows={2} /> : <TextInput {...common} type={type} />;
}

type DayFieldProps = {
  name: FieldName;
  label: ReactNode;
  required?: boolean;
};

/** A day bound to the form: typed in the interface language, kept as yyyy-mm-dd. */
export function DayField({ name, label, required }: DayFieldProps) {
  const { control } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          ref={field.ref}
          name={field.name}
          label={label}
          required={required}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorOf(name)}
        />
      )}
    />
  );
}

type SelectFieldProps = {
  name: FieldName;
  label: ReactNode;
  required?: boolean;
  data: SelectProps['data'];
  searchable?: boolean;
  placeholder?: string;
  clearable?: boolean;
  description?: string;
};

/**
 * A Mantine Select bound to the form (value: the option's value, or null). A searchable one says
 * SPEC 8's 'No results found' when nothing matches, as every searchable select does.
 */
export function SelectField({ name, label, required, ...rest }: SelectFieldProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const dropdown = useDropdownPortal();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...rest}
          nothingFoundMessage={rest.searchable ? t('selectBox.noResults') : undefined}
          // A few letters and Enter take the first option that matches.
          selectFirstOptionOnChange={rest.searchable}
          ref={mergeRefs(field.ref, dropdown.ref)}
          name={field.name}
          label={label}
          required={required}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          error={errorOf(name)}
          onDropdownOpen={dropdown.onOpen}
          comboboxProps={dropdown.comboboxProps}
        />
      )}
    />
  );
}

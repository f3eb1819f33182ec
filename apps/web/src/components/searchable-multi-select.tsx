import {
  defaultOptionsFilter,
  MultiSelect,
  VisuallyHidden,
  type ComboboxParsedItem,
  type MultiSelectProps,
  type OptionsFilter,
} from '@mantine/core';
import { joinList, splitList } from '@taxfree/domain';
import { mergeRefs } from '@mantine/hooks';
import { useState } from 'react';
import { useDropdownPortal } from '@/hooks/use-dropdown-portal';
import { LOADING_MORE, useSelectOptions } from './use-select-options';

/** One choice: what is stored, and what the user reads. */
export type SelectOption = { value: string; label: string };

/**
 * Props of the shared searchable multi-select (promotions' Shopping Behavior and Targeted
 * Nationality, the shop's product categories). Everything else of Mantine's MultiSelect (label,
 * placeholder, error, required, description, disabled, …) passes through.
 *
 * ```tsx
 * <SearchableMultiSelect
 *   label={t('shop.fields.categories')}
 *   data={categories.data ?? []}
 *   isLoading={categories.isPending}
 *   isError={categories.isError}
 *   value={splitList(field.value)}
 *   onChange={(values) => field.onChange(joinList(values))}
 * />
 * ```
 *
 * While the options cannot be offered, the dropdown says why, in the user's language (SPEC 8):
 * they are loading ('Searching…'), failed ('The results could not be loaded'), the search is too
 * short or too long, or `maxValues` are already chosen ('You can only select N items'); an empty
 * search result says 'No results found'.
 */
export type SearchableMultiSelectProps = Omit<
  MultiSelectProps,
  | 'data'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'searchable'
  | 'nothingFoundMessage'
  | 'filter'
  | 'searchValue'
  | 'onSearchChange'
  | 'maxValues'
> & {
  data: readonly SelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  /** The options are still on their way. */
  isLoading?: boolean;
  /** The options could not be loaded. */
  isError?: boolean;
  /** More options are being fetched (a paged source). */
  isLoadingMore?: boolean;
  /** Fewer typed characters than this offer nothing yet. */
  minSearchLength?: number;
  /** More typed characters than this offer nothing. */
  maxSearchLength?: number;
  /** At most this many choices. */
  maxValues?: number;
  /** The typed search, for sources that search on the server. */
  onSearchChange?: (search: string) => void;
};

/** SPEC 3's comma-separated lists ('a,b' ⇄ ['a', 'b']), for fields kept as one text. */
export { joinList, splitList };

const offerNothing: OptionsFilter = () => [];
// Mantine's own filter, typed for string values.
const offerMatches: OptionsFilter = (input) =>
  defaultOptionsFilter(input) as ComboboxParsedItem<string>[];

export function SearchableMultiSelect({
  data,
  value,
  onChange,
  isLoading = false,
  isError = false,
  isLoadingMore = false,
  minSearchLength = 0,
  maxSearchLength,
  maxValues,
  onSearchChange,
  onDropdownOpen,
  onDropdownClose,
  ...rest
}: SearchableMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const dropdown = useDropdownPortal();
  const { blocker, message, options } = useSelectOptions({
    data,
    isError,
    isLoading,
    isLoadingMore,
    chosen: value.length,
    maxValues,
    search,
    minSearchLength,
    maxSearchLength,
  });

  return (
    <>
      <MultiSelect
        {...rest}
        // The hint is for an empty field: beside chosen pills it only has the room they leave.
        placeholder={value.length === 0 ? rest.placeholder : undefined}
        ref={mergeRefs(rest.ref, dropdown.ref)}
        data={options}
        value={value}
        onChange={(next) => onChange(next.filter((item) => item !== LOADING_MORE))}
        searchable
        searchValue={search}
        onSearchChange={(next) => {
          setSearch(next);
          onSearchChange?.(next);
        }}
        filter={blocker ? offerNothing : offerMatches}
        nothingFoundMessage={message}
        maxValues={maxValues}
        hidePickedOptions
        onDropdownOpen={() => {
          dropdown.onOpen();
          setIsOpen(true);
          onDropdownOpen?.();
        }}
        onDropdownClose={() => {
          setIsOpen(false);
          onDropdownClose?.();
        }}
        comboboxProps={{ ...dropdown.comboboxProps, ...rest.comboboxProps }}
      />
      {/* What the open dropdown says instead of options is also read out. */}
      <VisuallyHidden role="status">{isOpen && blocker ? blocker : ''}</VisuallyHidden>
    </>
  );
}

import type { ComboboxItem } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The value of the disabled 'Loading more…' row, which is never chosen. */
export const LOADING_MORE = '\u0000loading-more';

type SelectOptionsOptions = {
  data: readonly { value: string; label: string }[];
  /** The options could not be loaded. */
  isError: boolean;
  /** The options are still on their way. */
  isLoading: boolean;
  /** More options are being fetched (a paged source). */
  isLoadingMore: boolean;
  /** How many choices are made. */
  chosen: number;
  /** At most this many choices. */
  maxValues?: number;
  /** The typed search. */
  search: string;
  /** Fewer typed characters than this offer nothing yet. */
  minSearchLength: number;
  /** More typed characters than this offer nothing. */
  maxSearchLength?: number;
};

/**
 * What a searchable select's dropdown offers: its options (and a 'Loading more…' row while a
 * paged source fetches more), or the first reason that nothing can be offered (`blocker`: the
 * options failed or are loading, `maxValues` are chosen, or the search is too short or too long),
 * and `message`, what the dropdown says in place of options.
 */
export function useSelectOptions({
  data,
  isError,
  isLoading,
  isLoadingMore,
  chosen,
  maxValues,
  search,
  minSearchLength,
  maxSearchLength,
}: SelectOptionsOptions) {
  const { t } = useTranslation();
  const length = Array.from(search.trim()).length;

  // The first reason that nothing can be offered, if any.
  let blocker: string | null = null;
  if (isError) blocker = t('selectBox.loadFailed');
  else if (isLoading) blocker = t('selectBox.searching');
  else if (maxValues !== undefined && chosen >= maxValues) {
    blocker = t('selectBox.maximumSelected', { count: maxValues });
  } else if (length < minSearchLength) {
    blocker = t('selectBox.inputTooShort', { count: minSearchLength - length });
  } else if (maxSearchLength !== undefined && length > maxSearchLength) {
    blocker = t('selectBox.inputTooLong', { count: length - maxSearchLength });
  }
  const message = blocker ?? t('selectBox.noResults');

  const options: ComboboxItem[] = data.map((option) => ({ ...option }));
  if (isLoadingMore && !blocker) {
    options.push({ value: LOADING_MORE, label: t('selectBox.loadingMore'), disabled: true });
  }
  return { blocker, message, options };
}

import { Button, Loader, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { errorMessage } from '@/lib/error-handler';
import { FormAlert } from './form-alert';
import { IconPhotoOff, IconPlus, IconSearch } from './icons';
import { PageLoader } from './page-loader';
import classes from './content-list.module.css';

/** The server ignores longer searches (the list query allows 100 characters). */
const SEARCH_MAX_LENGTH = 100;

type ContentToolbarProps = {
  search: string;
  onSearchChange: (search: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  addLabel: string;
  onAdd: () => void;
};

/** The search box and the add button above a card grid (promotions, gallery). */
export function ContentToolbar({
  search,
  onSearchChange,
  searchLabel,
  searchPlaceholder,
  addLabel,
  onAdd,
}: ContentToolbarProps) {
  return (
    <div className={classes.toolbar}>
      <TextInput
        className={classes.search}
        type="search"
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={18} aria-hidden />}
        maxLength={SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
      />
      <Button size="md" onClick={onAdd} leftSection={<IconPlus size={18} aria-hidden />}>
        {addLabel}
      </Button>
    </div>
  );
}

/** One page of a list as the list calls answer it: the items and how many there are in all. */
export type ContentPage<T> = { items: T[]; total: number };

type ContentListProps<T> = {
  query: UseInfiniteQueryResult<InfiniteData<ContentPage<T>>>;
  /** "Displaying X of Y result(s)". */
  hint: (shown: number, total: number) => string;
  emptyText: string;
  listLabel: string;
  loadingMoreText: string;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
};

/**
 * A card grid loaded page by page as the user scrolls (SPEC 4 "Lists"), with the count hint,
 * the empty state, and a failure shown in place with a retry.
 */
export function ContentList<T>({
  query,
  hint,
  emptyText,
  listLabel,
  loadingMoreText,
  itemKey,
  renderItem,
}: ContentListProps<T>) {
  const { t } = useTranslation();
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  const { fetchNextPage } = query;
  // Never cancel a page on its way: a second call would otherwise restart it.
  const loadNextPage = useCallback(() => fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const sentinelRef = useInfiniteScroll({
    loadedCount: items.length,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: loadNextPage,
    isEnabled: !query.isFetchNextPageError && !query.isPlaceholderData,
  });

  return (
    <>
      {query.isPending && <PageLoader />}
      {query.data && (
        <>
          <Text size="sm" c="dimmed" className={classes.hint} role="status">
            {hint(items.length, total)}
          </Text>
          {items.length > 0 ? (
            <ul className={classes.grid} aria-label={listLabel} aria-busy={query.isPlaceholderData}>
              {items.map((item) => (
                <li key={itemKey(item)}>{renderItem(item)}</li>
              ))}
            </ul>
          ) : (
            <div className={classes.empty}>
              <IconPhotoOff size={40} aria-hidden />
              <Text fw={600}>{emptyText}</Text>
            </div>
          )}
        </>
      )}
      {query.isError && (
        <FormAlert>
          {errorMessage(query.error)}{' '}
          <Button
            variant="default"
            size="xs"
            ml="xs"
            onClick={() =>
              void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch())
            }
          >
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {/* The live region stays in place, so what appears in it is announced. */}
      <div className={classes.status} role="status">
        {query.isFetchingNextPage && (
          <>
            <Loader size="sm" aria-hidden />
            <VisuallyHidden>{loadingMoreText}</VisuallyHidden>
          </>
        )}
      </div>
      <div ref={sentinelRef} className={classes.sentinel} aria-hidden="true" />
    </>
  );
}

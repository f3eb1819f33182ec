import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/**
 * After an item is added, changed or deleted, a paged list starts again from page 1 (SPEC 4):
 * every loaded list under `queryKey` keeps only its first page, which is then fetched anew (the
 * cards on screen stay until it arrives).
 */
export async function reloadFromFirstPage(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
): Promise<void> {
  queryClient.setQueriesData<InfiniteData<unknown, unknown>>({ queryKey }, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.invalidateQueries({ queryKey });
}

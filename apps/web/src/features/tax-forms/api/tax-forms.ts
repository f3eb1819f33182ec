import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type FormListFilter,
  type Language,
  type TaxFormListItem,
} from '@taxfree/domain';
import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { branchPath, type Tenant } from '@/lib/company-data';
import { keepPreviousDataOf } from '@/lib/tenant-key';
import { type TaxFormListFilters, taxFormKeys } from '@/lib/tax-form-keys';

export { branchPath, type TaxFormListFilters, type Tenant };
export type TaxFormPage = { items: TaxFormListItem[]; total: number };

/** One page of the branch's forms, newest first (SPEC 7: five per page), under a stage filter. */
export async function listTaxForms(
  tenant: Tenant,
  { page, search, stage }: { page: number; search: string; stage?: FormListFilter | undefined },
  signal?: AbortSignal,
): Promise<TaxFormPage> {
  const response = await api.get<TaxFormListItem[]>(`${branchPath(tenant)}/taxforms`, {
    query: { perPage: PAGE_SIZE.taxforms, page, search: search || undefined, stage },
    signal,
  });
  return { items: response.data ?? [], total: response.metadata?.total ?? 0 };
}

/**
 * The rows carry the issuing country's name in the interface language (the client sends it as
 * Accept-Language): each language is a list of its own, loaded again when the language changes.
 */
export function taxFormsQuery(tenant: Tenant, filters: TaxFormListFilters, language: Language) {
  return infiniteQueryOptions({
    queryKey: [...taxFormKeys.list(tenant, filters), language] as const,
    queryFn: ({ pageParam, signal }) =>
      listTaxForms(
        tenant,
        { page: pageParam, search: filters.search, stage: filters.stage },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // An empty page means the list shrank meanwhile: asking on would never end.
      return lastPage.items.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
    },
    // While a new search runs, the previous results stay on screen instead of a blank loader.
    placeholderData: keepPreviousDataOf(tenant),
    // The screen shows the failure next to the list, with a retry.
    meta: { handlesErrors: true },
  });
}

/**
 * The forms of the pages loaded so far, each once: a form issued between two pages pushes the next
 * page's first form onto it, and a row twice would confuse the list (and the clerk).
 */
export function formsOfPages(pages: readonly TaxFormPage[]): TaxFormListItem[] {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.items)
    .filter((form) => !seen.has(form.id) && Boolean(seen.add(form.id)));
}

/** The refund form list of SPEC 2: pages of five, loaded as the user scrolls. */
export function useTaxForms(tenant: Tenant | null, filters: TaxFormListFilters) {
  const [language] = useLanguage();
  return useInfiniteQuery({
    ...taxFormsQuery(tenant ?? { companyId: '', branchId: '' }, filters, language),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

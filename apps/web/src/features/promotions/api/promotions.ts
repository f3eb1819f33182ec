import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  PAGE_SIZE,
  toPromotionPayload,
  type CountryOption,
  type Promotion,
  type PromotionCategory,
  type PromotionValues,
} from '@taxfree/domain';
import type { ContentPage } from '@/components/content-list';
import { api } from '@/lib/api-client';
import { branchPath, companyPath, type Tenant } from '@/lib/company-data';
import { keepPreviousDataOf, tenantKey } from '@/lib/tenant-key';
import { reloadFromFirstPage } from '@/lib/reload-list';

export type PromotionFilters = { search: string };
export type PromotionPage = ContentPage<Promotion>;

/** Query keys follow the resource: every list under `lists()`, one per search. */
export const promotionKeys = {
  all: ['promotions'] as const,
  lists: () => [...promotionKeys.all, 'list'] as const,
  list: (tenant: Tenant, filters: PromotionFilters) =>
    [...promotionKeys.lists(), tenantKey(tenant), filters] as const,
  detail: (id: number) => [...promotionKeys.all, 'detail', id] as const,
  categories: (companyId: string, language: string) =>
    [...promotionKeys.all, 'categories', companyId, language] as const,
  countries: (branchId: string, language: string) =>
    [...promotionKeys.all, 'countries', branchId, language] as const,
};

const NO_TENANT: Tenant = { companyId: '', branchId: '' };
const promotionsPath = (tenant: Tenant | null) => `${branchPath(tenant ?? NO_TENANT)}/promotions`;

/** One page of the branch's promotions (SPEC 7: eight per page). */
export async function listPromotions(
  tenant: Tenant,
  { page, search }: { page: number; search: string },
  signal?: AbortSignal,
): Promise<PromotionPage> {
  const response = await api.get<Promotion[]>(promotionsPath(tenant), {
    query: { perPage: PAGE_SIZE.promotions, page, search: search || undefined },
    signal,
  });
  return { items: response.data ?? [], total: response.metadata?.total ?? 0 };
}

export function promotionsQuery(tenant: Tenant, filters: PromotionFilters) {
  return infiniteQueryOptions({
    queryKey: promotionKeys.list(tenant, filters),
    queryFn: ({ pageParam, signal }) =>
      listPromotions(tenant, { page: pageParam, search: filters.search }, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // An empty page means the list shrank meanwhile: asking on would never end.
      return lastPage.items.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
    },
    placeholderData: keepPreviousDataOf(tenant),
    // The screen shows the failure next to the list, with a retry.
    meta: { handlesErrors: true },
  });
}

export function usePromotions(tenant: Tenant | null, filters: PromotionFilters) {
  return useInfiniteQuery({
    ...promotionsQuery(tenant ?? NO_TENANT, filters),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

export function usePromotion(tenant: Tenant | null, id: number | null) {
  return useQuery({
    queryKey: promotionKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<Promotion>(`${promotionsPath(tenant)}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null && Boolean(tenant?.companyId && tenant.branchId),
    // Always the stored state: someone may have changed it since.
    staleTime: 0,
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}

/** Shopping Behavior's options (`GET /companies/{id}/promotions/categories`). */
export function usePromotionCategories(companyId: string | undefined, language: string) {
  return useQuery({
    queryKey: promotionKeys.categories(companyId ?? '', language),
    queryFn: () =>
      api
        .get<PromotionCategory[]>(`${companyPath(companyId ?? '')}/promotions/categories`)
        .then((response) => response.data),
    staleTime: 5 * 60_000,
    enabled: Boolean(companyId),
    // The select box says it could not load them.
    meta: { handlesErrors: true },
  });
}

/** Targeted Nationality's options: the countries of the issue form, by ISO3. */
export function useCountries(tenant: Tenant | null, language: string) {
  return useQuery({
    queryKey: promotionKeys.countries(tenant?.branchId ?? '', language),
    queryFn: () =>
      api
        .get<CountryOption[]>(`${branchPath(tenant ?? NO_TENANT)}/taxforms/countries`)
        .then((response) => response.data),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: Boolean(tenant?.companyId && tenant.branchId),
    meta: { handlesErrors: true },
  });
}

type SaveVariables = { id: number | null; values: PromotionValues };

/** `POST …/promotions` for a new one, `PUT …/promotions/{id}` for an existing one. */
export function useSavePromotion(tenant: Tenant | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: SaveVariables) => {
      const body = toPromotionPayload(values);
      const path = promotionsPath(tenant);
      return id === null
        ? api.post<Promotion>(path, body)
        : api.put<Promotion>(`${path}/${id}`, body);
    },
    onSuccess: () => reloadFromFirstPage(queryClient, promotionKeys.lists()),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

export function useDeletePromotion(tenant: Tenant | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${promotionsPath(tenant)}/${id}`),
    onSuccess: () => reloadFromFirstPage(queryClient, promotionKeys.lists()),
  });
}

import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE, type GalleryItem, type GalleryValues } from '@taxfree/domain';
import type { ContentPage } from '@/components/content-list';
import { api } from '@/lib/api-client';
import { branchPath, type Tenant } from '@/lib/company-data';
import { keepPreviousDataOf, tenantKey } from '@/lib/tenant-key';
import { reloadFromFirstPage } from '@/lib/reload-list';

export type GalleryFilters = { search: string };
export type GalleryPage = ContentPage<GalleryItem>;

/** Query keys follow the resource: every list under `lists()`, one per search. */
export const galleryKeys = {
  all: ['gallery'] as const,
  lists: () => [...galleryKeys.all, 'list'] as const,
  list: (tenant: Tenant, filters: GalleryFilters) =>
    [...galleryKeys.lists(), tenantKey(tenant), filters] as const,
  detail: (id: number) => [...galleryKeys.all, 'detail', id] as const,
};

const NO_TENANT: Tenant = { companyId: '', branchId: '' };
const galleryPath = (tenant: Tenant | null) => `${branchPath(tenant ?? NO_TENANT)}/gallery`;

/** One page of the branch's gallery (SPEC 7: eight per page). */
export async function listGallery(
  tenant: Tenant,
  { page, search }: { page: number; search: string },
  signal?: AbortSignal,
): Promise<GalleryPage> {
  const response = await api.get<GalleryItem[]>(galleryPath(tenant), {
    query: { perPage: PAGE_SIZE.gallery, page, search: search || undefined },
    signal,
  });
  return { items: response.data ?? [], total: response.metadata?.total ?? 0 };
}

export function galleryQuery(tenant: Tenant, filters: GalleryFilters) {
  return infiniteQueryOptions({
    queryKey: galleryKeys.list(tenant, filters),
    queryFn: ({ pageParam, signal }) =>
      listGallery(tenant, { page: pageParam, search: filters.search }, signal),
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

export function useGallery(tenant: Tenant | null, filters: GalleryFilters) {
  return useInfiniteQuery({
    ...galleryQuery(tenant ?? NO_TENANT, filters),
    enabled: Boolean(tenant?.companyId && tenant.branchId),
  });
}

export function useGalleryItem(tenant: Tenant | null, id: number | null) {
  return useQuery({
    queryKey: galleryKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<GalleryItem>(`${galleryPath(tenant)}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null && Boolean(tenant?.companyId && tenant.branchId),
    // Always the stored state: someone may have changed it since.
    staleTime: 0,
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}

type SaveVariables = { id: number | null; values: GalleryValues };

/** `POST …/gallery` for a new image, `PUT …/gallery/{id}` for a stored one: `{gallery}`. */
export function useSaveGalleryItem(tenant: Tenant | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: SaveVariables) => {
      const body = { gallery: values };
      const path = galleryPath(tenant);
      return id === null
        ? api.post<GalleryItem>(path, body)
        : api.put<GalleryItem>(`${path}/${id}`, body);
    },
    onSuccess: () => reloadFromFirstPage(queryClient, galleryKeys.lists()),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

export function useDeleteGalleryItem(tenant: Tenant | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${galleryPath(tenant)}/${id}`),
    onSuccess: () => reloadFromFirstPage(queryClient, galleryKeys.lists()),
  });
}

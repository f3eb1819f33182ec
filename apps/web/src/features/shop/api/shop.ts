import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductCategory, Shop, ShopDetail } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, companyPath, type Tenant } from '@/lib/company-data';

export const shopKeys = {
  all: ['shop'] as const,
  detail: (tenant: Tenant) => [...shopKeys.all, tenant.companyId, tenant.branchId] as const,
  categories: (companyId: string) => ['products', companyId] as const,
};

/** `GET /api/v2/companies/{companyId}/retailers/{branchId}` (SPEC 7). */
export async function getShop(tenant: Tenant, signal?: AbortSignal): Promise<ShopDetail> {
  const response = await api.get<ShopDetail>(branchPath(tenant), { signal });
  return response.data;
}

/** `GET /api/v2/companies/{companyId}/products` (SPEC 7): every category a shop may offer. */
export async function listProductCategories(
  companyId: string,
  signal?: AbortSignal,
): Promise<ProductCategory[]> {
  const response = await api.get<ProductCategory[]>(`${companyPath(companyId)}/products`, {
    signal,
  });
  return response.data ?? [];
}

/** `PUT /api/v2/companies/{companyId}/retailers/{branchId}` (SPEC 7); answers the saved shop. */
export function updateShop(tenant: Tenant, shop: Shop) {
  return api.put<ShopDetail | undefined>(branchPath(tenant), shop);
}

export function shopQuery(tenant: Tenant) {
  return queryOptions({
    queryKey: shopKeys.detail(tenant),
    queryFn: ({ signal }) => getShop(tenant, signal),
    // Always read afresh when the panel opens: someone else may have changed the shop.
    staleTime: 0,
    // The panel shows the failure itself, with a retry.
    meta: { handlesErrors: true },
  });
}

export function useShop(tenant: Tenant) {
  return useQuery(shopQuery(tenant));
}

export function useProductCategories(companyId: string) {
  return useQuery({
    queryKey: shopKeys.categories(companyId),
    queryFn: ({ signal }) => listProductCategories(companyId, signal),
    staleTime: 5 * 60_000,
    // The select box says the results could not be loaded (SPEC 8).
    meta: { handlesErrors: true },
  });
}

export function useUpdateShop(tenant: Tenant) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shop: Shop) => updateShop(tenant, shop),
    onSuccess: ({ data }) => {
      if (data) queryClient.setQueryData(shopKeys.detail(tenant), data);
      else return queryClient.invalidateQueries({ queryKey: shopKeys.detail(tenant) });
    },
    // Success and failure toasts are the panel's (SPEC 8 words them for this panel alone).
    meta: { handlesErrors: true },
  });
}

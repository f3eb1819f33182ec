import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductCategory, Shop, ShopDetail } from '@taxfree/domain';
import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { branchPath, companyPath, type Tenant } from '@/lib/company-data';
import { renameStoredBranch } from '@/lib/session';
import { shopKeys } from '@/lib/shop-data';

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

export function useProductCategories(companyId: string) {
  const [language] = useLanguage();
  return useQuery({
    queryKey: shopKeys.categories(companyId, language),
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
    onSuccess: ({ data }, shop) => {
      renameStoredBranch(tenant.branchId, shop.branch_name);
      if (data) queryClient.setQueryData(shopKeys.detail(tenant), data);
      else return queryClient.invalidateQueries({ queryKey: shopKeys.detail(tenant) });
    },
    // Success and failure toasts are the form's (SPEC 8 words them for this screen alone).
    meta: { handlesErrors: true },
  });
}

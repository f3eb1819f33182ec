import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopDetail } from '@taxfree/domain';
import { api } from './api-client';
import { branchPath, type Tenant } from './company-data';

/**
 * The shop information as the server has it: the Shop information panel edits it, the issue panel
 * reads the company's legal identity from it. One query, so a save shows at once in both.
 */
export const shopKeys = {
  all: ['shop'] as const,
  detail: (tenant: Tenant) => [...shopKeys.all, tenant.companyId, tenant.branchId] as const,
  /** Named in the interface language (the client sends it): each language is a list of its own. */
  categories: (companyId: string, language: string) => ['products', companyId, language] as const,
};

/** `GET /api/v2/companies/{companyId}/retailers/{branchId}` (SPEC 7). */
export async function getShop(tenant: Tenant, signal?: AbortSignal): Promise<ShopDetail> {
  const response = await api.get<ShopDetail>(branchPath(tenant), { signal });
  return response.data;
}

export function shopQuery(tenant: Tenant) {
  return queryOptions({
    queryKey: shopKeys.detail(tenant),
    queryFn: ({ signal }) => getShop(tenant, signal),
    // Always read afresh when a panel opens: someone else may have changed the shop.
    staleTime: 0,
    // Each panel shows the failure itself, with a retry.
    meta: { handlesErrors: true },
  });
}

export function useShop(tenant: Tenant) {
  return useQuery(shopQuery(tenant));
}

/**
 * The shop as the panel around it has just read it, not read again: a part of a panel reading it
 * afresh as it mounts would change the panel's own answer while the panel is drawn, and React
 * would draw the whole panel again at once.
 */
export function useShopAsRead(tenant: Tenant) {
  return useQuery({ ...shopQuery(tenant), refetchOnMount: false });
}

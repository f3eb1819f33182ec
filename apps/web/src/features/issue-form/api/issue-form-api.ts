import { useQuery } from '@tanstack/react-query';
import type { CountryOption, TaxFormDetailResponse } from '@taxfree/domain';
import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { branchPath, companyPath, type Tenant } from '@/lib/company-data';

export type { Tenant };

/**
 * The issue form's own queries. The form being edited is read here, outside `taxFormKeys.all`:
 * it is read fresh each time the panel opens, and a save does not read it again.
 */
export const issueFormKeys = {
  all: ['issue-form'] as const,
  countries: (tenant: Tenant, language: string) =>
    [...issueFormKeys.all, 'countries', tenant.branchId, language] as const,
  detail: (tenant: Tenant, id: number) =>
    [...issueFormKeys.all, 'detail', tenant.branchId, id] as const,
  /** Named in the interface language (the client sends it). */
  classifications: (tenant: Tenant, language: string) =>
    [...issueFormKeys.all, 'classifications', tenant.companyId, language] as const,
};

export type ProductClassification = { category_id: string; name: string; description: string };

/** The company's product classifications (codes with names), offered in the products table. */
export function useProductClassifications(tenant: Tenant, enabled: boolean) {
  const [language] = useLanguage();
  return useQuery({
    queryKey: issueFormKeys.classifications(tenant, language),
    queryFn: () =>
      api
        .get<ProductClassification[]>(`${companyPath(tenant.companyId)}/tfs/products`)
        .then((response) => response.data),
    staleTime: 5 * 60_000,
    enabled: enabled && Boolean(tenant.companyId),
    // Without the list the cell still takes a typed code.
    meta: { handlesErrors: true },
  });
}

/** Countries with their names in the current language (the key carries the language). */
export function useCountries(tenant: Tenant, language: string) {
  return useQuery({
    queryKey: issueFormKeys.countries(tenant, language),
    queryFn: () =>
      api
        .get<CountryOption[]>(`${branchPath(tenant)}/taxforms/countries`)
        .then((response) => response.data),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: Boolean(tenant.companyId && tenant.branchId),
  });
}

/** The form as stored now, with its version. */
export const fetchTaxFormDetail = (tenant: Tenant, id: number) =>
  api
    .get<TaxFormDetailResponse>(`${branchPath(tenant)}/taxforms/${id}`)
    .then((response) => response.data);

export function useTaxFormDetail(tenant: Tenant, id: number | null) {
  return useQuery({
    queryKey: issueFormKeys.detail(tenant, id ?? 0),
    queryFn: () => fetchTaxFormDetail(tenant, id ?? 0),
    enabled: id !== null && Boolean(tenant.companyId && tenant.branchId),
    // Always the stored state: someone may have changed it since.
    staleTime: 0,
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}

/** What issuing or updating a form answers. */
export type SavedForm = { id: number; barcode: string };

/** Renders the PDF; answers its file name under /uploads/electronic/. */
export function downloadTaxForm(tenant: Tenant, id: number) {
  return api
    .get<string>(`${branchPath(tenant)}/taxforms/download/${id}`)
    .then((response) => response.data);
}

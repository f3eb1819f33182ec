import { useQuery } from '@tanstack/react-query';
import type {
  CountryOption,
  TaxFormDetailResponse,
  TaxFormPayloadInput,
  Traveller,
} from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { branchPath, companyPath, type Tenant } from '@/lib/company-data';

export type { Tenant };

/** The issue form's own queries. */
export const issueFormKeys = {
  all: ['issue-form'] as const,
  countries: (tenant: Tenant, language: string) =>
    [...issueFormKeys.all, 'countries', tenant.branchId, language] as const,
  detail: (tenant: Tenant, id: number) =>
    [...issueFormKeys.all, 'detail', tenant.branchId, id] as const,
  classifications: (tenant: Tenant) =>
    [...issueFormKeys.all, 'classifications', tenant.companyId] as const,
};

export type ProductClassification = { category_id: string; name: string; description: string };

/** The company's product classifications (codes with names), offered in the products table. */
export function useProductClassifications(tenant: Tenant, enabled: boolean) {
  return useQuery({
    queryKey: issueFormKeys.classifications(tenant),
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

export function useTaxFormDetail(tenant: Tenant, id: number | null) {
  return useQuery({
    queryKey: issueFormKeys.detail(tenant, id ?? 0),
    queryFn: () =>
      api
        .get<TaxFormDetailResponse>(`${branchPath(tenant)}/taxforms/${id}`)
        .then((response) => response.data),
    enabled: id !== null && Boolean(tenant.companyId && tenant.branchId),
    // Always the stored state: someone may have changed it since.
    staleTime: 0,
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}

export type SavedForm = { id: number; barcode: string };

export function issueTaxForm(tenant: Tenant, payload: TaxFormPayloadInput, idempotencyKey: string) {
  return api.post<SavedForm>(`${branchPath(tenant)}/taxforms/issue`, payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function updateTaxForm(tenant: Tenant, id: number, payload: TaxFormPayloadInput) {
  return api.post<SavedForm>(`${branchPath(tenant)}/taxforms/update/${id}`, payload);
}

/** Renders the PDF; answers its file name under /uploads/electronic/. */
export function downloadTaxForm(tenant: Tenant, id: number) {
  return api
    .get<string>(`${branchPath(tenant)}/taxforms/download/${id}`)
    .then((response) => response.data);
}

/** A traveller known from earlier forms, or null when the passport is new. */
export async function findTraveller(
  companyId: string,
  passport: string,
): Promise<Traveller | null> {
  try {
    const response = await api.get<Traveller>(
      `${companyPath(companyId)}/traveller/passport/${encodeURIComponent(passport)}`,
    );
    return response.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** One random key per issue attempt (the server answers a repeated key with the first result). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompanyFormListItem } from '@taxfree/domain';
import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { taxFormKeys, type TaxFormListFilters } from '@/lib/tax-form-keys';

/** Forms per page of the list of all branches. */
export const COMPANY_FORMS_PER_PAGE = 20;

export type CompanyFormPage = { items: CompanyFormListItem[]; total: number };

/** A page of every branch's forms, newest first (`GET …/companies/{id}/taxforms`, managers). */
export async function listCompanyForms(
  companyId: string,
  { page, search, stage }: TaxFormListFilters & { page: number },
  signal?: AbortSignal,
): Promise<CompanyFormPage> {
  const response = await api.get<CompanyFormListItem[]>(
    `/companies/${encodeURIComponent(companyId)}/taxforms`,
    {
      query: { perPage: COMPANY_FORMS_PER_PAGE, page, search: search || undefined, stage },
      signal,
    },
  );
  return { items: response.data ?? [], total: response.metadata?.total ?? 0 };
}

export function useCompanyForms(
  companyId: string | null,
  filters: TaxFormListFilters,
  page: number,
) {
  const [language] = useLanguage();
  return useQuery({
    queryKey: [...taxFormKeys.all, 'company', companyId, filters, page, language] as const,
    queryFn: ({ signal }) => listCompanyForms(companyId ?? '', { ...filters, page }, signal),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

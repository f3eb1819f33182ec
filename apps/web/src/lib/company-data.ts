import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  GeneralSetting,
  RefundCalculationSetting,
  TaxFreeSetting,
  VatSetting,
} from '@taxfree/domain';
import { api } from './api-client';
import { taxFormKeys } from './tax-form-keys';

/** The signed-in company and branch, as the API's paths name them. */
export type Tenant = { companyId: string; branchId: string };

export function companyPath(companyId: string): string {
  return `/companies/${encodeURIComponent(companyId)}`;
}

export function branchPath(tenant: Tenant): string {
  return `${companyPath(tenant.companyId)}/retailers/${encodeURIComponent(tenant.branchId)}`;
}

/** `tfsSettingDetails` (SPEC 3 "Settings"), read by the list and the issue form alike. */
export type TfsSettings = {
  general_setting: GeneralSetting;
  tax_free_setting: TaxFreeSetting;
  vat_setting: VatSetting & { product_rates_array: number[] };
  refund_calculation_setting: RefundCalculationSetting;
};

export const companyDataKeys = {
  settings: (companyId: string) => ['settings', 'tfs', companyId] as const,
};

export function tfsSettingsQuery(companyId: string) {
  return queryOptions({
    queryKey: companyDataKeys.settings(companyId),
    queryFn: () =>
      api
        .get<TfsSettings>(`${companyPath(companyId)}/settings/tfsSettingDetails`)
        .then((response) => response.data),
    staleTime: 5 * 60_000,
    // Each screen decides what to show without them; not worth a toast of its own.
    meta: { handlesErrors: true },
  });
}

/** The company's tax-free settings. */
export function useTfsSettings(companyId: string | undefined) {
  return useQuery({ ...tfsSettingsQuery(companyId ?? ''), enabled: Boolean(companyId) });
}

/** The branch's currency code (e.g. EUR), printed after every amount (SPEC 9). */
export function useCurrency(tenant: Tenant | null) {
  const scope = tenant ?? { companyId: '', branchId: '' };
  return useQuery({
    queryKey: taxFormKeys.currency(scope),
    queryFn: () =>
      api
        .get<{ currency: string }>(`${branchPath(scope)}/taxforms/currency`)
        .then((response) => response.data.currency),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: Boolean(scope.companyId && scope.branchId),
    meta: { handlesErrors: true },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  GeneralSetting,
  RefundCalculationSetting,
  TaxFreeSetting,
  VatSetting,
} from '@taxfree/domain';
import { api } from '@/lib/api-client';

export type TfsSettings = {
  general_setting: GeneralSetting;
  tax_free_setting: TaxFreeSetting;
  vat_setting: VatSetting & { product_rates_array: number[] };
  refund_calculation_setting: RefundCalculationSetting;
};

export const settingsKeys = {
  all: ['settings'] as const,
  tfs: (companyId: string) => [...settingsKeys.all, 'tfs', companyId] as const,
};

export function getTfsSettings(companyId: string): Promise<TfsSettings> {
  return api
    .get<TfsSettings>(`/companies/${encodeURIComponent(companyId)}/settings/tfsSettingDetails`)
    .then((response) => response.data);
}

export function tfsSettingsQuery(companyId: string) {
  return queryOptions({
    queryKey: settingsKeys.tfs(companyId),
    queryFn: () => getTfsSettings(companyId),
    staleTime: 5 * 60_000,
    // The list works without them (the optional column stays hidden).
    meta: { handlesErrors: true },
  });
}

/** The company's tax-free settings (SPEC 3, "Settings"). */
export function useTfsSettings(companyId: string | undefined) {
  return useQuery({ ...tfsSettingsQuery(companyId ?? ''), enabled: Boolean(companyId) });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelPayload, FormStat, TaxFormDetailResponse } from '@taxfree/domain';
import { config } from '@/config';
import { api } from '@/lib/api-client';
import { ApiError, isApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { taxFormKeys } from '@/lib/tax-form-keys';
import { branchPath, type Tenant } from './tax-forms';

/** `GET …/taxforms/stat/{id}` (SPEC 7): the form's current stage and when each was reached. */
export async function getFormStat(
  tenant: Tenant,
  formId: number,
  signal?: AbortSignal,
): Promise<FormStat> {
  const response = await api.get<FormStat>(`${branchPath(tenant)}/taxforms/stat/${formId}`, {
    signal,
  });
  return response.data;
}

export function formStatQuery(tenant: Tenant, formId: number) {
  return queryOptions({
    queryKey: taxFormKeys.status(formId),
    queryFn: ({ signal }) => getFormStat(tenant, formId, signal),
    // The panel shows the failure itself.
    meta: { handlesErrors: true },
  });
}

export function useFormStat(tenant: Tenant | null, formId: number | null) {
  return useQuery({
    ...formStatQuery(tenant ?? { companyId: '', branchId: '' }, formId ?? 0),
    enabled: Boolean(tenant?.companyId && tenant.branchId && formId),
  });
}

/** A whole form as `GET …/taxforms/{id}` (SPEC 7) answers it, without its invoices and products. */
export type FormDetail = TaxFormDetailResponse['taxforms'];

/** `GET …/taxforms/{id}`: the Form Status panel reads its export window, a stage panel the rest. */
export async function getFormDetail(
  tenant: Tenant,
  formId: number,
  signal?: AbortSignal,
): Promise<FormDetail> {
  const path = `${branchPath(tenant)}/taxforms/${formId}`;
  const response = await api.get<TaxFormDetailResponse>(path, { signal });
  return response.data.taxforms;
}

export function useFormDetail<T = FormDetail>(
  tenant: Tenant | null,
  formId: number | null,
  select?: (form: FormDetail) => T,
) {
  return useQuery({
    queryKey: taxFormKeys.detail(formId ?? 0),
    queryFn: ({ signal }) =>
      getFormDetail(tenant ?? { companyId: '', branchId: '' }, formId ?? 0, signal),
    select,
    enabled: Boolean(tenant?.companyId && tenant.branchId && formId),
    // Each panel shows the failure itself.
    meta: { handlesErrors: true },
  });
}

/**
 * A form's export window: the last day its goods may leave, whether it closed unvalidated, and its
 * day of sale, from which some countries count the time to bring the stamped form back.
 */
export type ExportWindow = {
  exportDeadline: string | null;
  isExpired: boolean;
  dateOfSales: string;
};

const toExportWindow = (form: FormDetail): ExportWindow => ({
  exportDeadline: form.export_deadline,
  isExpired: form.expired,
  dateOfSales: String(form.date_of_sales).slice(0, 10),
});

/** The export window of the Form Status panel: without it, the panel shows the stages alone. */
export function useExportWindow(tenant: Tenant | null, formId: number | null) {
  return useFormDetail(tenant, formId, toExportWindow);
}

/** What the go service's cancel call is signed with (SPEC 6): the account number and the token. */
export type CancelCredentials = { companyId: string; accountNo: string; token: string };

/** Base64 of UTF-8 text (`btoa` alone fails beyond Latin-1). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuthorization(accountNo: string, token: string): string {
  return `Basic ${base64(`${accountNo}:${token}`)}`;
}

/**
 * `POST {go service}/api/company/{companyId}/tfsform/cancel_tfs_form/{id}` (SPEC 7), signed with
 * Basic auth instead of the bearer token; it succeeded only when the message is 'OK'.
 */
export async function cancelTaxForm(
  credentials: CancelCredentials,
  formId: number,
  payload: CancelPayload,
): Promise<void> {
  const response = await api.post<unknown>(
    `/api/company/${encodeURIComponent(credentials.companyId)}/tfsform/cancel_tfs_form/${formId}`,
    payload,
    {
      service: 'go',
      auth: false,
      headers: { Authorization: basicAuthorization(credentials.accountNo, credentials.token) },
    },
  );
  if (response.message !== 'OK') {
    throw new ApiError({
      status: 200,
      code: 'CANCEL_FAILED',
      message: response.message || i18n.t('errors.unexpected'),
    });
  }
}

/**
 * SPEC 8: a failed cancel shows the first message of the answer's `errors`, else the answer's
 * own message (which falls back to the HTTP status text when the body has none).
 */
export function cancelErrorMessage(error: unknown): string {
  if (!isApiError(error)) return i18n.t('errors.unexpected');
  return error.errors[0]?.message || error.message;
}

export function useCancelForm(credentials: CancelCredentials | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, payload }: { formId: number; payload: CancelPayload }) => {
      if (!credentials) throw new ApiError({ status: 401, code: 'NO_SESSION', message: '' });
      return cancelTaxForm(credentials, formId, payload);
    },
    onSuccess: (_result, { formId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taxFormKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: taxFormKeys.status(formId) }),
      ]),
    // The panel shows the failure itself.
    meta: { handlesErrors: true },
  });
}

/**
 * `GET …/taxforms/download/{id}` (SPEC 7) renders the form's PDF and answers its file name;
 * the document is read from the uploads' `electronic` folder (docs/decisions/006).
 */
export async function downloadTaxForm(tenant: Tenant, formId: number): Promise<string> {
  const response = await api.get<string>(`${branchPath(tenant)}/taxforms/download/${formId}`);
  return `${config.uploadsBase}/electronic/${encodeURIComponent(response.data)}`;
}

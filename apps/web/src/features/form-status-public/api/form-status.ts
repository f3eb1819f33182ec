import type { PublicFormStatus } from '@taxfree/domain';
import { useAction } from '@/hooks/use-action';
import { api } from '@/lib/api-client';

export type FormStatusLookup = { barcode: string; code: string };

/**
 * `GET /api/v2/public/taxforms/{barcode}?code=`: a form's stage for the traveller, without
 * signing in. A wrong code and an unknown number fail alike (404 STATUS_NOT_FOUND).
 */
export async function getPublicFormStatus({
  barcode,
  code,
}: FormStatusLookup): Promise<PublicFormStatus> {
  const path = `/public/taxforms/${encodeURIComponent(barcode.trim())}`;
  const response = await api.get<PublicFormStatus>(path, {
    query: { code: code.trim() },
    auth: false,
  });
  return response.data;
}

/** The lookup with its pending and error state (the signed-out screens load no query cache). */
export function useFormStatusLookup() {
  return useAction(getPublicFormStatus);
}

import type { KnownTraveller } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { companyPath } from '@/lib/company-data';

/** A traveller known from earlier forms, or null when the passport is new. */
export async function findTraveller(
  companyId: string,
  passport: string,
): Promise<KnownTraveller | null> {
  try {
    const response = await api.get<KnownTraveller>(
      `${companyPath(companyId)}/traveller/passport/${encodeURIComponent(passport)}`,
    );
    return response.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

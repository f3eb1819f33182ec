import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreatedApiKey, NewApiKey } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';

/** Query keys follow the resource: the company's API keys, one list per company. */
export const apiKeyKeys = {
  all: ['apiKeys'] as const,
  list: (companyId: string) => [...apiKeyKeys.all, 'list', companyId] as const,
};

const keysPath = (companyId: string) => `${companyPath(companyId)}/apiKeys`;

/** `GET /api/v2/companies/{companyId}/apiKeys`: the keys in force, never the keys themselves. */
export function useApiKeys(companyId: string) {
  return useQuery({
    queryKey: apiKeyKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.get<ApiKey[]>(keysPath(companyId), { signal }).then((r) => r.data ?? []),
    // The screen shows the failure next to the list, with a retry.
    meta: { handlesErrors: true },
  });
}

/** Creates a key; the answer holds the key itself, this once. */
export function useCreateApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: NewApiKey) =>
      api.post<CreatedApiKey>(keysPath(companyId), key).then((r) => r.data!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(companyId) }),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

/** Revokes a key: the till's next call is refused. */
export function useRevokeApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${keysPath(companyId)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(companyId) }),
  });
}

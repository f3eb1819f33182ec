import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { onSessionCleared } from '@/lib/session';

/**
 * Queries and mutations report failures through the central handler, unless they show the
 * failure themselves and say so with `meta: { handlesErrors: true }` (inline alerts, forms).
 */
function handlesOwnErrors(meta: Record<string, unknown> | undefined): boolean {
  return meta?.['handlesErrors'] === true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!handlesOwnErrors(query.meta)) handleError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!handlesOwnErrors(mutation.meta)) handleError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; a dropped connection might.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; emptied when the session ends so no one sees the previous user's data. */
export const queryClient = createQueryClient();
onSessionCleared(() => queryClient.clear());

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewWebhook, Webhook, WebhookDelivery, WebhookSecret } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';
import { deliveryLogRefreshMs } from '../model/delivery-log';

/** Query keys follow the resource: the company's webhooks, and each one's delivery log. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (companyId: string) => [...webhookKeys.all, 'list', companyId] as const,
  deliveries: (companyId: string, webhookId: number) =>
    [...webhookKeys.all, 'deliveries', companyId, webhookId] as const,
};

/** Deliveries a page of the log holds: a page this full may have older ones behind it. */
export const DELIVERIES_PER_PAGE = 50;

const webhooksPath = (companyId: string) => `${companyPath(companyId)}/webhooks`;
const webhookPath = (companyId: string, id: number) => `${webhooksPath(companyId)}/${id}`;

/** `GET /api/v2/companies/{companyId}/webhooks`: the webhooks, never their secrets. */
export function useWebhooks(companyId: string) {
  return useQuery({
    queryKey: webhookKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.get<Webhook[]>(webhooksPath(companyId), { signal }).then((r) => r.data ?? []),
    // The screen shows the failure next to the list, with a retry.
    meta: { handlesErrors: true },
  });
}

/** Subscribes an address to events; the answer holds the signing secret, this once. */
export function useCreateWebhook(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhook: NewWebhook) =>
      api.post<WebhookSecret>(webhooksPath(companyId), webhook).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(companyId) }),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

/** Changes a webhook's address or events; its secret and log stay. */
export function useChangeWebhook(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: NewWebhook & { id: number }) =>
      api.patch(webhookPath(companyId, id), change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(companyId) }),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

/** Deletes a webhook and its log: nothing more is sent to it. */
export function useDeleteWebhook(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(webhookPath(companyId, id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(companyId) }),
  });
}

/** A new signing secret, shown this once; the previous one signs beside it for a day. */
export function useRotateWebhookSecret(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<WebhookSecret>(`${webhookPath(companyId, id)}/rotateSecret`).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(companyId) }),
  });
}

/** Sends a `webhook.test` event now; it shows in the webhook's log. */
export function useSendTestEvent(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ delivery_id: number }>(`${webhookPath(companyId, id)}/test`).then((r) => r.data),
    onSuccess: (_sent, id) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(companyId, id) }),
  });
}

/**
 * `GET …/webhooks/{id}/deliveries`: the log, newest first, a page at a time, each page older than
 * the last one's oldest delivery.
 */
export function useWebhookDeliveries(companyId: string, webhookId: number) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(companyId, webhookId),
    queryFn: ({ pageParam, signal }) =>
      api
        .get<WebhookDelivery[]>(`${webhookPath(companyId, webhookId)}/deliveries`, {
          query: { perPage: DELIVERIES_PER_PAGE, before: pageParam },
          signal,
        })
        .then((r) => r.data ?? []),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length === DELIVERIES_PER_PAGE ? lastPage.at(-1)?.id : undefined,
    // A test event or a redelivery is sent a moment after it is queued: the log follows it.
    refetchInterval: (query) =>
      deliveryLogRefreshMs(query.state.data?.pages.flat() ?? [], Date.now()),
    staleTime: 0,
    // The log shows the failure in place, with a retry.
    meta: { handlesErrors: true },
  });
}

/** Delivers a message again from a first try, with its webhook-id. */
export function useRedeliver(companyId: string, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.post(`${webhookPath(companyId, webhookId)}/deliveries/${deliveryId}/redeliver`),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(companyId, webhookId) }),
  });
}

import type {
  CreateWebhookData,
  UpdateWebhookData,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A tip jar's signed webhooks (decision 095): endpoints, their delivery log, test event and send again. */

const webhooksPath = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}/webhooks`;
const webhookPath = (tipjarId: string, webhookId: string) =>
  `${webhooksPath(tipjarId)}/${encodeURIComponent(webhookId)}`;
const webhooksKey = (tipjarId: string) => ['tipjars', tipjarId, 'webhooks'];
const deliveriesKey = (tipjarId: string, webhookId: string) => [...webhooksKey(tipjarId), webhookId, 'deliveries'];

/** GET tipjars/{id}/webhooks. */
export const useWebhooks = (tipjarId: string) =>
  useQuery({
    queryKey: webhooksKey(tipjarId),
    queryFn: ({ signal }) => api.get<WebhookList>(webhooksPath(tipjarId), { signal }),
  });

/** POST tipjars/{id}/webhooks: the answer holds the secret, shown once. */
export function useCreateWebhook(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateWebhookData) => api.post<Webhook>(webhooksPath(tipjarId), { data }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(tipjarId) }),
  });
}

/** PUT tipjars/{id}/webhooks/{webhookId}; with `rollSecret` the answer holds the new secret. */
export function useUpdateWebhook(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, data }: { webhookId: string; data: UpdateWebhookData }) =>
      api.put<Webhook>(webhookPath(tipjarId, webhookId), { data }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(tipjarId) }),
  });
}

/** DELETE tipjars/{id}/webhooks/{webhookId}. */
export function useDeleteWebhook(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => api.delete<void>(webhookPath(tipjarId, webhookId), { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey(tipjarId) }),
  });
}

/** GET tipjars/{id}/webhooks/{webhookId}/deliveries: the last 50. */
export const useWebhookDeliveries = (tipjarId: string, webhookId: string) =>
  useQuery({
    queryKey: deliveriesKey(tipjarId, webhookId),
    queryFn: ({ signal }) => api.get<WebhookDeliveryList>(`${webhookPath(tipjarId, webhookId)}/deliveries`, { signal }),
    // Deliveries move on their own (the worker): look again while the log is open.
    refetchInterval: 15_000,
  });

/** POST tipjars/{id}/webhooks/{webhookId}/test: a ping to this endpoint. */
export function useSendTestEvent(tipjarId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<WebhookDelivery>(`${webhookPath(tipjarId, webhookId)}/test`, undefined, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(tipjarId, webhookId) }),
  });
}

/** POST …/deliveries/{deliveryId}/resend: the same event once more. */
export function useResendDelivery(tipjarId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<WebhookDelivery>(
        `${webhookPath(tipjarId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        undefined,
        { silent: true },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(tipjarId, webhookId) }),
  });
}

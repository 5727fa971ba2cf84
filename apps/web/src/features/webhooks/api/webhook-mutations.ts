// The calls that change an endpoint: create (its key answered once), change/pause/resume, rotate the key (answered
// once), delete, send a test, retry a delivery. Each refreshes what it changed; the step-up dialog handles a 403
// error.two_factor.step_up_required (lib/api-client) and the call goes on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateWebhookRequest, TUpdateWebhookRequest, TWebhook, TWebhookDelivery, TWebhookWithSecret } from '@bq/contracts/webhooks';
import { api } from '../../../lib/api-client';
import { deliveriesQueryKey } from './list-deliveries';
import { webhooksQueryKey } from './list-webhooks';

const path = (id: string) => `/api/account/webhooks/${encodeURIComponent(id)}`;

function useRefreshing<In, Out>(mutationFn: (input: In) => Promise<Out>, keys: (input: In) => readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { showsOwnError: true },
    onSuccess: (_out, input) => Promise.all(keys(input).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useCreateWebhook = () =>
  useRefreshing((request: TCreateWebhookRequest) => api.post<TWebhookWithSecret>('/api/account/webhooks', request), () => [webhooksQueryKey]);

export const useUpdateWebhook = () =>
  useRefreshing(({ id, change }: { id: string; change: TUpdateWebhookRequest }) => api.put<TWebhook>(path(id), change), () => [webhooksQueryKey]);

export const useRotateWebhookSecret = () => useRefreshing((id: string) => api.post<TWebhookWithSecret>(`${path(id)}/secret`), () => [webhooksQueryKey]);

export const useDeleteWebhook = () => useRefreshing((id: string) => api.delete<{ ok: true }>(path(id)), () => [webhooksQueryKey]);

export const useTestWebhook = () => useRefreshing((id: string) => api.post<TWebhookDelivery>(`${path(id)}/test`), (id) => [deliveriesQueryKey(id)]);

export const useRetryDelivery = () =>
  useRefreshing(
    ({ id, deliveryId }: { id: string; deliveryId: string }) => api.post<TWebhookDelivery>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`),
    ({ id }) => [deliveriesQueryKey(id)],
  );

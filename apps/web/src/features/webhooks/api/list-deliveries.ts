// GET /api/account/webhooks/{id}/deliveries: the latest deliveries of one endpoint. While one is still on its way
// (a test just sent, a retry) the list looks again every few seconds, so the admin sees it arrive or fail.
import { useQuery } from '@tanstack/react-query';
import type { TWebhookDeliveryList } from '@bq/contracts/webhooks';
import { api } from '../../../lib/api-client';

export const deliveriesQueryKey = (webhookId: string) => ['webhooks', webhookId, 'deliveries'] as const;

export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(webhookId),
    queryFn: () => api.get<TWebhookDeliveryList>(`/api/account/webhooks/${encodeURIComponent(webhookId)}/deliveries`),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'PENDING' || d.status === 'SENDING') ? 3000 : false),
  });
}

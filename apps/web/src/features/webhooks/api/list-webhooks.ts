// GET /api/account/webhooks: the account's endpoints (never their keys) and the events one can take.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWebhookList } from '@bq/contracts/webhooks';
import { api } from '../../../lib/api-client';

export const webhooksQueryKey = ['webhooks'] as const;

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksQueryKey, queryFn: () => api.get<TWebhookList>('/api/account/webhooks') });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

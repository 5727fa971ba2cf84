// GET /api/account/retention: the account's retention periods (docs/decisions/0044).
import { useQuery } from '@tanstack/react-query';
import type { TRetentionResponse } from '@bq/contracts/retention';
import { api } from '../../../lib/api-client';

export const retentionKey = ['retention', 'settings'] as const;

export function useRetention() {
  return useQuery({ queryKey: retentionKey, queryFn: () => api.get<TRetentionResponse>('/api/account/retention') });
}

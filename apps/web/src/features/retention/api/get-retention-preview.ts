// GET /api/account/retention/preview: what the daily job removes in the next 30 days, counted per data class.
import { useQuery } from '@tanstack/react-query';
import type { TRetentionPreview } from '@bq/contracts/retention';
import { api } from '../../../lib/api-client';

export const retentionPreviewKey = ['retention', 'preview'] as const;

export function useRetentionPreview() {
  return useQuery({ queryKey: retentionPreviewKey, queryFn: () => api.get<TRetentionPreview>('/api/account/retention/preview') });
}

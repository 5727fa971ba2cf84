// PUT /api/account/retention: saves the periods; the preview follows from them, so it is asked for again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRetentionResponse, TRetentionSettings } from '@bq/contracts/retention';
import { api } from '../../../lib/api-client';
import { retentionPreviewKey } from './get-retention-preview';
import { retentionKey } from './get-retention';

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRetentionSettings) => api.put<TRetentionResponse>('/api/account/retention', body),
    onSuccess: (data) => {
      queryClient.setQueryData(retentionKey, data);
      return queryClient.invalidateQueries({ queryKey: retentionPreviewKey });
    },
  });
}

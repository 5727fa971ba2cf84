// POST /api/instance/bulk: starts sending a questionnaire to many clients; the answer is the job's first progress,
// which seeds the progress query the panel then polls.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkSendProgress, TBulkSendRequest } from '@bq/contracts/bulk-send';
import { api } from '../../../lib/api-client';
import { bulkSendQueryKey } from './get-bulk-send';

export function startBulkSend(request: TBulkSendRequest): Promise<TBulkSendProgress> {
  return api.post<TBulkSendProgress>('/api/instance/bulk', request);
}

export function useStartBulkSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBulkSend,
    onSuccess: (progress) => queryClient.setQueryData(bulkSendQueryKey(progress.id), progress),
  });
}

// POST /api/instance/bulk/{id}/stop: asks the job to stop before its next chunk; the answer says STOPPING.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkSendProgress } from '@bq/contracts/bulk-send';
import { api } from '../../../lib/api-client';
import { bulkSendQueryKey } from './get-bulk-send';

export function stopBulkSend(id: string): Promise<TBulkSendProgress> {
  return api.post<TBulkSendProgress>(`/api/instance/bulk/${encodeURIComponent(id)}/stop`);
}

export function useStopBulkSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopBulkSend,
    onSuccess: (progress) => queryClient.setQueryData(bulkSendQueryKey(progress.id), progress),
  });
}

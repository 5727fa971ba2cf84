// POST /api/client/{clientToken}/erase: erases the client; every cached view of clients is read afresh after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEraseClientResponse } from '@bq/contracts/data-rights';
import { api } from '../../../lib/api-client';
import { erasurePreviewQueryKey } from './get-erasure-preview';

export function eraseClient(clientToken: string, securityCode: string): Promise<TEraseClientResponse> {
  return api.post<TEraseClientResponse>(`/api/client/${encodeURIComponent(clientToken)}/erase`, { securityCode });
}

export function useEraseClient(clientToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (securityCode: string) => eraseClient(clientToken, securityCode),
    onSuccess: () => {
      // Marked stale, not read now: the open dialog closes first instead of turning into "already erased".
      void queryClient.invalidateQueries({ queryKey: erasurePreviewQueryKey(clientToken), refetchType: 'none' });
      // The client's name is gone from its profile, the lists, the BI lists and the comparison.
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
    },
  });
}

// DELETE /api/account/public-links/{publicId}: the link stops working; the clients it brought stay.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicLinksQueryKey } from './list-public-links';

export function deletePublicLink(publicId: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/account/public-links/${encodeURIComponent(publicId)}`);
}

export function useDeletePublicLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePublicLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLinksQueryKey }) });
}

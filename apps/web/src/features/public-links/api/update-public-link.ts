// PUT /api/account/public-links/{publicId}: switch on or off, and the sites that may embed it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPublicLink, TUpdatePublicLinkRequest } from '@bq/contracts/public-links';
import { api } from '../../../lib/api-client';
import { publicLinksQueryKey } from './list-public-links';

export function updatePublicLink(publicId: string, request: TUpdatePublicLinkRequest): Promise<TPublicLink> {
  return api.put<TPublicLink>(`/api/account/public-links/${encodeURIComponent(publicId)}`, request);
}

export function useUpdatePublicLink(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TUpdatePublicLinkRequest) => updatePublicLink(publicId, request),
    meta: { showsOwnError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLinksQueryKey }),
  });
}

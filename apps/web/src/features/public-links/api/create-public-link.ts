// POST /api/account/public-links: a start link for one of the account's products.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatePublicLinkRequest, TPublicLink } from '@bq/contracts/public-links';
import { api } from '../../../lib/api-client';
import { publicLinksQueryKey } from './list-public-links';

export function createPublicLink(request: TCreatePublicLinkRequest): Promise<TPublicLink> {
  return api.post<TPublicLink>('/api/account/public-links', request);
}

export function useCreatePublicLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPublicLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLinksQueryKey }) });
}

// GET /api/account/public-links: the account's start links with their addresses and confirmed visitors.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicLinkList } from '@bq/contracts/public-links';
import { api } from '../../../lib/api-client';

export const publicLinksQueryKey = ['public-links'] as const;

export function listPublicLinks(): Promise<TPublicLinkList> {
  return api.get<TPublicLinkList>('/api/account/public-links');
}

export const publicLinksQueryOptions = () => queryOptions({ queryKey: publicLinksQueryKey, queryFn: listPublicLinks });

export function usePublicLinks() {
  return useQuery(publicLinksQueryOptions());
}

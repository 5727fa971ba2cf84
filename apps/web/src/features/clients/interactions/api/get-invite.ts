// GET /api/instance/{token}/invite: the client's personal questionnaire link and a prepared e-mail (subject,
// body and a mailto: link, all in the client's language, encoded by the server).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvite } from '@bq/contracts/instances';
import { api } from '../../../../lib/api-client';

export const inviteQueryKey = (token: string) => ['interactions', 'invite', token] as const;

export function fetchInvite(token: string, signal?: AbortSignal): Promise<TInvite> {
  return api.get<TInvite>(`/api/instance/${encodeURIComponent(token)}/invite`, { signal });
}

export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: inviteQueryKey(token),
    queryFn: ({ signal }) => fetchInvite(token, signal),
    staleTime: 5 * 60_000,
  });

export function useInvite(token: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inviteQueryOptions(token), enabled: options.enabled ?? true });
}

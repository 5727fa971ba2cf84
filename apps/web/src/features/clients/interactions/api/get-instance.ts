// GET /api/instance/{token}: one interaction instance from the adviser's side (status, lock, dates, auto
// sends). The actions page polls it while the status can still move on (live-status.ts); the breadcrumb reads
// the same cache entry without polling. The polls are background requests, without the global loading bar.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInstance } from '@bq/contracts/instances';
import { api } from '../../../../lib/api-client';
import { isBackgroundRefetch, liveRefetchInterval } from '../live-status';

export const instancesQueryKey = ['interactions', 'instance'] as const;

export const instanceQueryKey = (token: string) => [...instancesQueryKey, token] as const;

export function fetchInstance(
  token: string,
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<TInstance> {
  return api.get<TInstance>(`/api/instance/${encodeURIComponent(token)}`, options);
}

export const instanceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: instanceQueryKey(token),
    queryFn: ({ signal }) => fetchInstance(token, { signal }),
    staleTime: 10_000,
  });

/** The instance, refreshed every few seconds until its status is final. */
export function useLiveInstance(token: string) {
  return useQuery({
    ...instanceQueryOptions(token),
    queryFn: (context) =>
      fetchInstance(token, { signal: context.signal, background: isBackgroundRefetch(context) }),
    refetchInterval: (query) => {
      const instance = query.state.data;
      return liveRefetchInterval(instance ? [instance.status] : undefined, instance ? [instance.invitationMail, instance.reportMail] : []);
    },
  });
}

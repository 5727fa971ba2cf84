// GET /api/client/{clientToken}/product/{productConfigurationId}/profile: one client with the product's
// interactions (newest first). Read by the client view and its breadcrumb; the view polls it while one of the
// interactions can still change its status (the breadcrumb shares the cache entry without polling); its
// polls are background requests, without the global loading bar.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClient, TClientProfile } from '@bq/contracts/clients';
import { api } from '../../../lib/api-client';
import { isBackgroundRefetch, liveRefetchInterval } from '../interactions/live-status';

export const clientProfileQueryKey = (productConfigurationId: string, clientToken: string) =>
  ['clients', 'profile', productConfigurationId, clientToken] as const;

export function fetchClientProfile(
  productConfigurationId: string,
  clientToken: string,
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<TClientProfile> {
  const path = `/api/client/${encodeURIComponent(clientToken)}/product/${encodeURIComponent(productConfigurationId)}/profile`;
  return api.get<TClientProfile>(path, options);
}

export const clientProfileQueryOptions = (productConfigurationId: string, clientToken: string) =>
  queryOptions({
    queryKey: clientProfileQueryKey(productConfigurationId, clientToken),
    queryFn: ({ signal }) => fetchClientProfile(productConfigurationId, clientToken, { signal }),
    staleTime: 30_000,
  });

export function useClientProfile(productConfigurationId: string, clientToken: string) {
  return useQuery({
    ...clientProfileQueryOptions(productConfigurationId, clientToken),
    queryFn: (context) =>
      fetchClientProfile(productConfigurationId, clientToken, {
        signal: context.signal,
        background: isBackgroundRefetch(context),
      }),
    refetchInterval: (query) => {
      const instances = query.state.data?.instances;
      return liveRefetchInterval(instances?.map((i) => i.status), instances?.flatMap((i) => [i.invitationMail, i.reportMail]));
    },
  });
}

/** A changed client (update, deactivate, activate answer TClient) merged into its cached profile. */
export function mergeClientIntoProfile(
  profile: TClientProfile | undefined,
  client: TClient,
): TClientProfile | undefined {
  return profile ? { ...profile, ...client } : profile;
}

// The CRM reads: the account's connections (GET /api/account/crm), a connection's failed clients, and one client's
// sync state for the client's page (docs/decisions/0094).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmProvider, TCrmConnection, TCrmSyncState } from '@bq/contracts/crm';
import { api } from '../../../lib/api-client';

export const crmQueryKey = ['crm'] as const;
export const pathOf = (provider: CrmProvider) => `/api/account/crm/${provider.toLowerCase()}`;
export const failuresQueryKey = (provider: CrmProvider) => [...crmQueryKey, 'failures', provider] as const;
export const clientCrmQueryKey = (clientToken: string) => [...crmQueryKey, 'client', clientToken] as const;

export const crmConnectionsQueryOptions = () =>
  queryOptions({ queryKey: crmQueryKey, queryFn: () => api.get<{ connections: TCrmConnection[] }>('/api/account/crm') });

export function useCrmConnections() {
  return useQuery(crmConnectionsQueryOptions());
}

export function useCrmFailures(provider: CrmProvider, enabled: boolean) {
  return useQuery({ queryKey: failuresQueryKey(provider), queryFn: () => api.get<{ states: TCrmSyncState[] }>(`${pathOf(provider)}/failures`), enabled });
}

export function useClientCrmSync(clientToken: string, enabled: boolean) {
  return useQuery({ queryKey: clientCrmQueryKey(clientToken), queryFn: () => api.get<{ states: TCrmSyncState[] }>(`/api/account/crm/clients/${encodeURIComponent(clientToken)}`), enabled });
}

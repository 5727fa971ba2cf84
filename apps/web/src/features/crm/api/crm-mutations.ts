// The CRM writes: connect (the browser then goes to the CRM's authorize page), disconnect, save the mapping, sync
// all now, retry one client, import the CRM's new contacts. Each refreshes what it changed; a 403
// error.two_factor.step_up_required opens the step-up dialog (lib/api-client) and the call goes on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrmProvider, TCrmFieldMapping, TCrmSyncState } from '@bq/contracts/crm';
import { api } from '../../../lib/api-client';
import { crmQueryKey, pathOf } from './crm-queries';

function useRefreshing<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta: { showsOwnError: true }, onSuccess: () => queryClient.invalidateQueries({ queryKey: crmQueryKey }) });
}

export const useStartCrmConnect = () =>
  useMutation({ mutationFn: (provider: CrmProvider) => api.post<{ authorizationUrl: string }>(`${pathOf(provider)}/connect`), meta: { showsOwnError: true } });

export const useDisconnectCrm = () => useRefreshing((provider: CrmProvider) => api.delete<{ ok: true }>(pathOf(provider)));

export const useSaveCrmMapping = () =>
  useRefreshing(({ provider, mapping }: { provider: CrmProvider; mapping: TCrmFieldMapping }) => api.put<{ ok: true }>(`${pathOf(provider)}/mapping`, mapping));

export const useSyncCrmNow = () => useRefreshing((provider: CrmProvider) => api.post<{ queued: number }>(`${pathOf(provider)}/sync`));

export const useRetryCrmClient = () =>
  useRefreshing(({ provider, clientToken }: { provider: CrmProvider; clientToken: string }) => api.post<TCrmSyncState>(`${pathOf(provider)}/clients/${encodeURIComponent(clientToken)}/retry`));

export const useImportCrmContacts = () =>
  useRefreshing(({ provider, productConfigurationId }: { provider: CrmProvider; productConfigurationId: string }) =>
    api.post<{ imported: number; skipped: number }>(`${pathOf(provider)}/import`, { productConfigurationId }),
  );

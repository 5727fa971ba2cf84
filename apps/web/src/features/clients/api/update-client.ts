// PATCH /api/admin/bq_user: changes some fields of a client (the group, or the edit form's changes). The answer
// replaces the client in its cached profile; lists are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClient, TClientProfile, TUpdateClientRequest } from '@bq/contracts/clients';
import { api } from '../../../lib/api-client';
import { clientListsQueryKey } from './get-clients';
import { clientProfileQueryKey, mergeClientIntoProfile } from './get-client-profile';

export function updateClient(request: TUpdateClientRequest): Promise<TClient> {
  return api.patch<TClient>('/api/admin/bq_user', request);
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: async (client) => {
      queryClient.setQueryData<TClientProfile>(
        clientProfileQueryKey(client.productConfigurationId, client.token),
        (profile) => mergeClientIntoProfile(profile, client),
      );
      await queryClient.invalidateQueries({ queryKey: clientListsQueryKey });
    },
  });
}

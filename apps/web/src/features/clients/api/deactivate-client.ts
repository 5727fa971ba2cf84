// POST /api/admin/bq_user/{clientToken}/deactivate: the client leaves the product's active list; interactions
// and results stay. The answer (active false) replaces the client in its cached profile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClient, TClientProfile } from '@bq/contracts/clients';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';
import { clientListsQueryKey } from './get-clients';
import { clientProfileQueryKey, mergeClientIntoProfile } from './get-client-profile';

export function deactivateClient(clientToken: string, productType: ProductType): Promise<TClient> {
  return api.post<TClient>(`/api/admin/bq_user/${encodeURIComponent(clientToken)}/deactivate`, {
    productType,
  });
}

export function useDeactivateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientToken, productType }: { clientToken: string; productType: ProductType }) =>
      deactivateClient(clientToken, productType),
    onSuccess: async (client) => {
      queryClient.setQueryData<TClientProfile>(
        clientProfileQueryKey(client.productConfigurationId, client.token),
        (profile) => mergeClientIntoProfile(profile, client),
      );
      await queryClient.invalidateQueries({ queryKey: clientListsQueryKey });
    },
  });
}

// POST /api/u: creates a client in a product configuration. The new client starts the cache of its own view
// (no interactions yet); lists and the client limit are refreshed. Errors toast with the create-failure text
// as fallback; the form marks the fields concerned.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClient, TClientProfile, TCreateClientRequest } from '@bq/contracts/clients';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { clientLimitQueryKey } from './get-client-limit';
import { clientListsQueryKey } from './get-clients';
import { clientProfileQueryKey } from './get-client-profile';

export function createClient(request: TCreateClientRequest): Promise<TClient> {
  return api.post<TClient>('/api/u', request);
}

export function useCreateClient({ productType, userId }: { productType: ProductType; userId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    meta: { showsOwnError: true },
    onError: (error) => showApiError(error, { fallbackKey: 'ERROR_CLIENT_CREATE' }),
    onSuccess: async (client) => {
      queryClient.setQueryData<TClientProfile>(
        clientProfileQueryKey(client.productConfigurationId, client.token),
        { ...client, productType, instances: [], reviewDueAt: null, latestResultAt: null, reviewChange: null },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: clientLimitQueryKey(userId) }),
      ]);
    },
  });
}

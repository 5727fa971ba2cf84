// POST /api/instance: sends the product's interaction to a client (a new instance in status NEW). The answer
// starts the cache of the new instance's page; the client's profile, the client lists (latest interaction) and
// the interaction limit are refreshed. Errors toast their errorKey (limit reached, client inactive ...).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateInstanceRequest, TInstance } from '@bq/contracts/instances';
import { api } from '../../../../lib/api-client';
import { clientListsQueryKey } from '../../api/get-clients';
import { clientProfileQueryKey } from '../../api/get-client-profile';
import { instanceQueryKey } from './get-instance';
import { interactionLimitsQueryKey } from './get-interaction-limit';

export function createInstance(request: TCreateInstanceRequest): Promise<TInstance> {
  return api.post<TInstance>('/api/instance', request);
}

export function useCreateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstance,
    onSuccess: async (instance) => {
      queryClient.setQueryData(instanceQueryKey(instance.token), instance);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: clientProfileQueryKey(instance.productConfigurationId, instance.clientToken),
        }),
        queryClient.invalidateQueries({ queryKey: clientListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: interactionLimitsQueryKey }),
      ]);
    },
    onError: async (_error, request) => {
      // A refused send usually means the page is out of date: the limit was used up or the client deactivated
      // elsewhere. Refreshing both turns the button into its disabled state with the reason.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: interactionLimitsQueryKey }),
        queryClient.invalidateQueries({
          queryKey: clientProfileQueryKey(request.productConfigurationId, request.clientToken),
        }),
      ]);
    },
  });
}

// POST /api/instance: sends the product's interaction to a client (a new instance in status NEW). The answer
// starts the cache of the new instance's page; the client's profile, the client lists (latest interaction) and
// the interaction limit are refreshed. Errors toast their errorKey (limit reached, client inactive ...), except "this
// client already has an open questionnaire": the dialog asks about that one (docs/decisions/0084).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INSTANCE_ALREADY_OPEN, ZAlreadyOpenDetails, type TAlreadyOpenDetails, type TCreateInstanceRequest, type TInstance } from '@bq/contracts/instances';
import { ApiError, api } from '../../../../lib/api-client';
import { showApiError } from '../../../../lib/notify';
import { clientListsQueryKey } from '../../api/get-clients';
import { clientProfileQueryKey } from '../../api/get-client-profile';
import { instanceQueryKey } from './get-instance';
import { interactionLimitsQueryKey } from './get-interaction-limit';

export function createInstance(request: TCreateInstanceRequest): Promise<TInstance> {
  return api.post<TInstance>('/api/instance', request);
}

/** The open questionnaire a refused send names, or null when the send was refused for another reason. */
export function alreadyOpenOf(error: unknown): TAlreadyOpenDetails | null {
  if (!(error instanceof ApiError) || error.errorKey !== INSTANCE_ALREADY_OPEN) return null;
  const details = ZAlreadyOpenDetails.safeParse(error.details);
  return details.success ? details.data : null;
}

export function useCreateInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstance,
    meta: { showsOwnError: true },
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
    onError: async (error, request) => {
      if (!alreadyOpenOf(error)) showApiError(error);
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

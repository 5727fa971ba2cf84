// DELETE /api/interaction/instance/{token}: deletes an interaction (refused with 409 error.interaction.in_progress
// while its result is being calculated). The instance leaves the client's cached profile at once; the profile,
// client lists and interaction limit are refreshed. The dialog shows the error itself.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClientProfile } from '@bq/contracts/clients';
import { api } from '../../../../lib/api-client';
import { clientListsQueryKey } from '../../api/get-clients';
import { clientProfileQueryKey } from '../../api/get-client-profile';
import { interactionLimitsQueryKey } from './get-interaction-limit';

export function deleteInstance(token: string): Promise<void> {
  return api.delete<void>(`/api/interaction/instance/${encodeURIComponent(token)}`);
}

interface DeleteInstanceTarget {
  token: string;
  clientToken: string;
  productConfigurationId: string;
}

export function useDeleteInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token }: DeleteInstanceTarget) => deleteInstance(token),
    meta: { showsOwnError: true },
    onSuccess: (_result, { token, clientToken, productConfigurationId }) => {
      const profileKey = clientProfileQueryKey(productConfigurationId, clientToken);
      queryClient.setQueryData<TClientProfile>(profileKey, (profile) =>
        profile ? { ...profile, instances: profile.instances.filter((i) => i.token !== token) } : profile,
      );
      // Not awaited: the page leaves at once, before its next poll could answer 404 for the deleted instance.
      void queryClient.invalidateQueries({ queryKey: profileKey });
      void queryClient.invalidateQueries({ queryKey: clientListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: interactionLimitsQueryKey });
    },
  });
}

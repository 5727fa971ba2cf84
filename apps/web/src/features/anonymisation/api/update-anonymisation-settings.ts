// POST /api/admin/user/settings with the anonymisation fields: the user's allow-list switch and the account's k.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function updateAnonymisationSettings(request: { anonymizationAllowListEnabled?: boolean; anonymityK?: number }): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/admin/user/settings', request);
}

export function useUpdateAnonymisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnonymisationSettings,
    // The switch changes how every list shows names: refresh the user and every cached list.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

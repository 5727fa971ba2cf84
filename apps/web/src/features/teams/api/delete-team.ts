// DELETE /api/teams/{teamId}: removes the team (its members stay clients of the product).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamsQueryKey } from './get-teams';

export function useDeleteTeam(repeatedMeasurementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => api.delete<void>(`/api/teams/${encodeURIComponent(teamId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey(repeatedMeasurementId) }),
  });
}

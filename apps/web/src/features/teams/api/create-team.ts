// POST /api/admin/teams: a team in the campaign, with its first members; 409 error.teams.duplicate_name is a toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTeamRequest, TTeam } from '@bq/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamsQueryKey } from './get-teams';

export function useCreateTeam(repeatedMeasurementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateTeamRequest) => api.post<TTeam>('/api/admin/teams', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey(repeatedMeasurementId) }),
  });
}

// POST /api/productconfig/{configId}/teams/{teamId}/members (userTokens) and DELETE .../members/{memberToken}:
// adding and removing members; both answer with the team, and the campaign's team list is reloaded.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTeam } from '@bq/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamsQueryKey } from './get-teams';

const membersPath = (configId: string, teamId: string) =>
  `/api/productconfig/${encodeURIComponent(configId)}/teams/${encodeURIComponent(teamId)}/members`;

export function useAddTeamMembers(team: TTeam) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userTokens: string[]) => api.post<TTeam>(membersPath(team.productConfigurationId, team.id), { userTokens }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey(team.repeatedMeasurementId) }),
  });
}

export function useRemoveTeamMember(team: TTeam) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberToken: string) =>
      api.delete<TTeam>(`${membersPath(team.productConfigurationId, team.id)}/${encodeURIComponent(memberToken)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey(team.repeatedMeasurementId) }),
  });
}

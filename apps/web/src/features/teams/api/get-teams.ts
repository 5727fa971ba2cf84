// GET /api/admin/teams?repeatedMeasurementId=: the campaign's teams with their members.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTeam } from '@bq/contracts/teams';
import { api } from '../../../lib/api-client';

export const teamsQueryKey = (repeatedMeasurementId: string) => ['teams', 'list', repeatedMeasurementId] as const;

export const teamsQueryOptions = (repeatedMeasurementId: string) =>
  queryOptions({
    queryKey: teamsQueryKey(repeatedMeasurementId),
    queryFn: ({ signal }) => api.get<TTeam[]>('/api/admin/teams', { query: { repeatedMeasurementId }, signal }),
  });

export function useTeams(repeatedMeasurementId: string | null) {
  return useQuery({ ...teamsQueryOptions(repeatedMeasurementId ?? ''), enabled: Boolean(repeatedMeasurementId) });
}

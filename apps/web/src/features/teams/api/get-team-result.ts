// GET /api/teams/{teamId}/repeated_measurement/{id}/result?locale=: the team dashboard's figures.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTeamResult } from '@bq/contracts/teams';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export const teamResultQueryOptions = (teamId: string, repeatedMeasurementId: string, locale: Locale) =>
  queryOptions({
    queryKey: ['teams', 'result', teamId, repeatedMeasurementId, locale] as const,
    queryFn: ({ signal }) =>
      api.get<TTeamResult>(
        `/api/teams/${encodeURIComponent(teamId)}/repeated_measurement/${encodeURIComponent(repeatedMeasurementId)}/result`,
        { query: { locale }, signal },
      ),
  });

export function useTeamResult(teamId: string, repeatedMeasurementId: string | null, locale: Locale) {
  return useQuery({ ...teamResultQueryOptions(teamId, repeatedMeasurementId ?? '', locale), enabled: Boolean(repeatedMeasurementId) });
}

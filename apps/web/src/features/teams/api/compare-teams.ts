// GET /api/teams/compare/{repeatedMeasurementId}?teamId=..&teamId=..&locale=: teams side by side.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTeamComparison } from '@bq/contracts/teams';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export const teamComparisonQueryOptions = (repeatedMeasurementId: string, teamIds: string[], locale: Locale) =>
  queryOptions({
    queryKey: ['teams', 'compare', repeatedMeasurementId, teamIds, locale] as const,
    queryFn: ({ signal }) =>
      api.get<TTeamComparison>(
        // teamId repeats, which the client's query option (one value per name) cannot say.
        `/api/teams/compare/${encodeURIComponent(repeatedMeasurementId)}?${new URLSearchParams([...teamIds.map((id) => ['teamId', id]), ['locale', locale]]).toString()}`,
        { signal },
      ),
  });

export function useTeamComparison(repeatedMeasurementId: string | null, teamIds: string[], locale: Locale) {
  return useQuery({
    ...teamComparisonQueryOptions(repeatedMeasurementId ?? '', teamIds, locale),
    enabled: Boolean(repeatedMeasurementId) && teamIds.length >= 2,
  });
}

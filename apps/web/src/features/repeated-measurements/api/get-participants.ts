// GET /api/repeated_measurement/{id}/participants?showOnlyCompleted&locale=: the campaign's participants with their
// measurements and the change between the first and the latest finished one (reliable change index).
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { TParticipantsResponse } from '@bq/contracts/repeated-measurements';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export const participantsQueryKey = (campaignId: string) => ['repeated-measurements', 'participants', campaignId] as const;

export const participantsQueryOptions = (campaignId: string, showOnlyCompleted: boolean, locale: Locale) =>
  queryOptions({
    queryKey: [...participantsQueryKey(campaignId), showOnlyCompleted, locale] as const,
    queryFn: ({ signal }) =>
      api.get<TParticipantsResponse>(`/api/repeated_measurement/${encodeURIComponent(campaignId)}/participants`, {
        query: { showOnlyCompleted, locale },
        signal,
      }),
  });

export function useParticipants(campaignId: string, showOnlyCompleted: boolean, locale: Locale) {
  return useQuery({ ...participantsQueryOptions(campaignId, showOnlyCompleted, locale), placeholderData: keepPreviousData });
}

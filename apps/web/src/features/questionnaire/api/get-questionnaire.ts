// GET /api/q?token=: the participant's questionnaire, opened by the invite link's instance token (public, no
// sign-in): the interaction without its scoring, every text in the client's language, the answers saved so far.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { api } from '../../../lib/api-client';

export const questionnaireQueryKey = (instanceToken: string) => ['questionnaire', instanceToken] as const;

export function fetchQuestionnaire(instanceToken: string, signal?: AbortSignal): Promise<TQuestionnaire> {
  return api.get<TQuestionnaire>('/api/q', { query: { token: instanceToken }, signal });
}

export const questionnaireQueryOptions = (instanceToken: string) =>
  queryOptions({
    queryKey: questionnaireQueryKey(instanceToken),
    queryFn: ({ signal }) => fetchQuestionnaire(instanceToken, signal),
    // Once open, the page keeps the answers itself; a background refetch must not move the participant.
    staleTime: Infinity,
  });

export function useQuestionnaire(instanceToken: string) {
  return useQuery(questionnaireQueryOptions(instanceToken));
}

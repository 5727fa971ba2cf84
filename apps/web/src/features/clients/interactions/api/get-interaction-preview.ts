// GET /api/qi?interactionId=: the questionnaire as the adviser previews it (pages, items, dimensions) with its
// texts in the adviser's language. The send dialog takes the interaction's name and the question list from it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInteractionPreview } from '@bq/contracts/questionnaire';
import { api } from '../../../../lib/api-client';

export const interactionPreviewQueryKey = (interactionId: string, locale: string) =>
  ['interactions', 'preview', interactionId, locale] as const;

export function fetchInteractionPreview(
  interactionId: string,
  signal?: AbortSignal,
): Promise<TInteractionPreview> {
  return api.get<TInteractionPreview>('/api/qi', { query: { interactionId }, signal });
}

/** Keyed by the adviser's locale too: the server answers the texts in the user's saved language. */
export const interactionPreviewQueryOptions = (interactionId: string, locale: string) =>
  queryOptions({
    queryKey: interactionPreviewQueryKey(interactionId, locale),
    queryFn: ({ signal }) => fetchInteractionPreview(interactionId, signal),
    staleTime: 10 * 60_000,
  });

export function useInteractionPreview(
  interactionId: string,
  locale: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...interactionPreviewQueryOptions(interactionId, locale),
    enabled: (options.enabled ?? true) && interactionId !== '',
  });
}

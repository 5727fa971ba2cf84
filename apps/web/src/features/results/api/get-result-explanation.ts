// GET /api/dashboard/{token}/explanation?locale=: "Why this score", loaded when the evaluator opens it
// (docs/decisions/0053).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResultExplanation } from '@bq/contracts/explanation';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export const resultExplanationQueryKey = (token: string, locale: Locale) => ['results', 'explanation', token, locale] as const;

export const resultExplanationQueryOptions = (token: string, locale: Locale) =>
  queryOptions({
    queryKey: resultExplanationQueryKey(token, locale),
    queryFn: ({ signal }) =>
      api.get<TResultExplanation>(`/api/dashboard/${encodeURIComponent(token)}/explanation`, { query: { locale }, signal }),
    staleTime: 5 * 60_000,
  });

/** Fetched only once `enabled` (the first time a dimension's explanation is opened); shared by every dimension. */
export function useResultExplanation(token: string, locale: Locale, enabled: boolean) {
  return useQuery({ ...resultExplanationQueryOptions(token, locale), enabled });
}

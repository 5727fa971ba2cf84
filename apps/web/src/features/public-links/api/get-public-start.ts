// GET /api/start/{publicId}: what the public start page shows (firm, product, privacy notice) and the signed form time
// the form sends back. Fetched again when the language changes (the privacy notice is per language).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicStartInfo } from '@bq/contracts/public-links';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export const publicStartQueryKey = (publicId: string, locale: Locale) => ['public-start', publicId, locale] as const;

export function getPublicStart(publicId: string, locale: Locale, signal?: AbortSignal): Promise<TPublicStartInfo> {
  return api.get<TPublicStartInfo>(`/api/start/${encodeURIComponent(publicId)}`, { query: { locale }, signal });
}

export const publicStartQueryOptions = (publicId: string, locale: Locale) =>
  queryOptions({
    queryKey: publicStartQueryKey(publicId, locale),
    queryFn: ({ signal }) => getPublicStart(publicId, locale, signal),
    // The form time in it must stay the one of the form on screen: never refetched behind the visitor's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function usePublicStart(publicId: string, locale: Locale) {
  return useQuery(publicStartQueryOptions(publicId, locale));
}

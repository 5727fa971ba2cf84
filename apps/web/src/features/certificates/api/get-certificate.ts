// GET /api/report/content/bqp/certificate/{token}?locale=: the certificate of a BQP result (public). canManage says
// the viewer is the issuing account's evaluator. Errors are states of the page: 404 unknown token, 409
// error.certificate.not_available (not a BQP product, or no result yet), 402 error.result.locked.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCertificateContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

/** Every locale's copy of one certificate, so a revocation can update them all. */
export const certificateQueryKeyOfToken = (token: string) => ['certificates', 'content', token] as const;

export const certificateQueryKey = (token: string, locale: Locale) =>
  [...certificateQueryKeyOfToken(token), locale] as const;

export function fetchCertificate(
  token: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<TCertificateContent> {
  return api.get<TCertificateContent>(`/api/report/content/bqp/certificate/${encodeURIComponent(token)}`, {
    query: { locale },
    signal,
  });
}

export const certificateQueryOptions = (token: string, locale: Locale) =>
  queryOptions({
    queryKey: certificateQueryKey(token, locale),
    queryFn: ({ signal }) => fetchCertificate(token, locale, signal),
  });

export function useCertificate(token: string, locale: Locale) {
  return useQuery({
    ...certificateQueryOptions(token, locale),
    enabled: token !== '',
    // Another language keeps the shown certificate on screen until its translation arrives.
    placeholderData: keepPreviousData,
  });
}

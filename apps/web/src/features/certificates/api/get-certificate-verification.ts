// GET /api/verification/certificate/{verificationToken}?locale=: whether a certificate is valid, for anyone holding
// its verification link (e.g. an employer). VALID names the holder; REVOKED names nobody; unknown tokens answer 404
// error.certificate.not_found.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCertificateVerification } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export const certificateVerificationQueryKey = (token: string, locale: Locale) =>
  ['certificates', 'verification', token, locale] as const;

export function fetchCertificateVerification(
  token: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<TCertificateVerification> {
  return api.get<TCertificateVerification>(`/api/verification/certificate/${encodeURIComponent(token)}`, {
    query: { locale },
    signal,
  });
}

export const certificateVerificationQueryOptions = (token: string, locale: Locale) =>
  queryOptions({
    queryKey: certificateVerificationQueryKey(token, locale),
    queryFn: ({ signal }) => fetchCertificateVerification(token, locale, signal),
  });

export function useCertificateVerification(token: string, locale: Locale) {
  return useQuery({ ...certificateVerificationQueryOptions(token, locale), enabled: token !== '' });
}

// GET /api/verification/certificate/{verificationToken}?locale=: whether a certificate is valid, for anyone holding
// its verification link (e.g. an employer). VALID names the holder; REVOKED names nobody; unknown tokens answer 404
// error.certificate.not_found.
import type { TCertificateVerification } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

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

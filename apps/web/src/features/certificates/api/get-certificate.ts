// GET /api/report/content/bqp/certificate/{token}?locale=: the certificate of a BQP result (public). canManage says
// the viewer is the issuing account's evaluator; dashboardPath is set for a signed-in evaluator of the result. Errors
// are states of the page: 404 unknown token, 409 error.certificate.not_available (not a BQP product, or no result
// yet), 402 error.result.locked, 410 the public link has expired. A plain fetch: the participant entry has no query
// library (docs/decisions/0054-participant-entry.md).
import type { TCertificateContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export function fetchCertificate(token: string, locale: Locale, signal?: AbortSignal): Promise<TCertificateContent> {
  return api.get<TCertificateContent>(`/api/report/content/bqp/certificate/${encodeURIComponent(token)}`, {
    query: { locale },
    signal,
  });
}

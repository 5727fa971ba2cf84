// POST /api/certificate/{token}/revoke?locale= (the issuing account's evaluator): marks the certificate REVOKED for
// good. Sent in the shown language, so the answer (the revoked certificate) can replace the shown one as it is.
import type { TCertificateContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export function revokeCertificate(token: string, locale: Locale): Promise<TCertificateContent> {
  return api.post<TCertificateContent>(`/api/certificate/${encodeURIComponent(token)}/revoke`, {}, { query: { locale } });
}

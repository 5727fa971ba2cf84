// POST /api/certificate/{token}/revoke?locale= (the issuing account's evaluator): marks the certificate REVOKED for good.
// The answer is the revoked certificate: it replaces the shown one, and every other cached language takes its status.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCertificateContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';
import { certificateQueryKey, certificateQueryKeyOfToken } from './get-certificate';

export function revokeCertificate(token: string, locale: Locale): Promise<TCertificateContent> {
  return api.post<TCertificateContent>(
    `/api/certificate/${encodeURIComponent(token)}/revoke`,
    {},
    { query: { locale } },
  );
}

/** Revokes in the shown language, so the answer can replace the shown certificate as it is. */
export function useRevokeCertificate(token: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeCertificate(token, locale),
    onSuccess: (revoked) => {
      queryClient.setQueryData(certificateQueryKey(token, revoked.locale), revoked);
      queryClient.setQueriesData<TCertificateContent>(
        { queryKey: certificateQueryKeyOfToken(token) },
        (shown) => (shown ? { ...shown, status: revoked.status, revokedAt: revoked.revokedAt } : shown),
      );
      // The other languages were patched above; they reload when shown again.
      void queryClient.invalidateQueries({
        queryKey: certificateQueryKeyOfToken(token),
        refetchType: 'none',
      });
    },
  });
}

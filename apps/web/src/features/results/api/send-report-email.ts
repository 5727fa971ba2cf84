// POST /api/instance/{token}/report/email: the platform e-mails the client a fresh link to the report. The
// instance's reportSentAt changes, so the interaction page and this page reload the instance.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReportEmailResponse } from '@bq/contracts/reports';
import { api } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { instanceQueryKey } from '../../clients/interactions/api/get-instance';
import { resultInstanceQueryKey } from './get-result-instance';

export function sendReportEmail(token: string): Promise<TReportEmailResponse> {
  return api.post<TReportEmailResponse>(`/api/instance/${encodeURIComponent(token)}/report/email`);
}

export function useSendReportEmail(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendReportEmail(token),
    meta: { showsOwnError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: instanceQueryKey(token) });
      void queryClient.invalidateQueries({ queryKey: resultInstanceQueryKey(token) });
    },
    onError: (error) => showApiError(error, { fallbackKey: 'results.documents.emailFailed' }),
  });
}

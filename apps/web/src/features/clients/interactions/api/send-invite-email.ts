// POST /api/instance/{token}/invite/email: the platform e-mails the invitation to the client (same texts as the
// prepared mailto: message). The instance's invitedAt and invitation mail (queued) change at once; a refusal (submitted, closed or expired
// meanwhile) refreshes the instance so the page shows why.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInstance } from '@bq/contracts/instances';
import type { TInviteEmailResponse } from '@bq/contracts/mail';
import { api } from '../../../../lib/api-client';
import { showApiError } from '../../../../lib/notify';
import { instanceQueryKey } from './get-instance';

export function sendInviteEmail(token: string): Promise<TInviteEmailResponse> {
  return api.post<TInviteEmailResponse>(`/api/instance/${encodeURIComponent(token)}/invite/email`);
}

export function useSendInviteEmail(token: string) {
  const queryClient = useQueryClient();
  const queryKey = instanceQueryKey(token);
  return useMutation({
    mutationFn: () => sendInviteEmail(token),
    meta: { showsOwnError: true },
    onSuccess: async (response) => {
      queryClient.setQueryData<TInstance>(queryKey, (instance) =>
        instance ? { ...instance, invitedAt: response.invitedAt, invitationMail: response.mail } : instance,
      );
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: async (error) => {
      showApiError(error, { fallbackKey: 'interactions.emailSend.failed' });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

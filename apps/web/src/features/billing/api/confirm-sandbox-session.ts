// POST /api/payment/sandbox/{sessionId}/confirm: the buyer "pays" in the sandbox; the server sends the signed
// webhook and answers where to go next (checkout_success).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSandboxConfirmResponse } from '@bq/contracts/billing';
import { api } from '../../../lib/api-client';
import { sandboxSessionQueryKey } from './get-sandbox-session';

export function confirmSandboxSession(sessionId: string): Promise<TSandboxConfirmResponse> {
  return api.post<TSandboxConfirmResponse>(`/api/payment/sandbox/${encodeURIComponent(sessionId)}/confirm`);
}

export function useConfirmSandboxSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmSandboxSession(sessionId),
    // The page shows a failure beside its button.
    meta: { showsOwnError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxSessionQueryKey(sessionId) }),
  });
}

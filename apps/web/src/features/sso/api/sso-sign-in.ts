// The single sign-on callback page's finish (POST /api/sso/oidc/callback). Which method an address uses and the start
// of the provider's sign-in are calls of the sign-in page's own entry (features/auth/sign-in/sign-in-api.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSsoCallbackResponse } from '@bq/contracts/sso';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function useFinishSsoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callbackQuery: string) =>
      api.post<TSsoCallbackResponse>('/api/sso/oidc/callback', { callbackQuery }, { skipLoginRedirect: true }),
    onSuccess: () => queryClient.removeQueries({ queryKey: currentUserQueryKey }),
  });
}

// POST /api/credit/unlock: spends one credit to open a LOCKED result. The answer carries the new balance, which
// the header shows at once; the user is reloaded for the server's word on it, and the dashboard is loaded.
// 402 error.credit.payment_required (no credits) is shown by the unlock panel, not as a toast.
import { useState } from 'react';
import { useMutation, useMutationState, useQueryClient, type MutationState } from '@tanstack/react-query';
import type { TUnlockRequest, TUnlockResponse } from '@bq/contracts/credits';
import type { TUser } from '@bq/contracts/user';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';
import { dashboardQueryKey } from './get-dashboard';
import { resultInstanceQueryKey } from './get-result-instance';

export function unlockResult(request: TUnlockRequest): Promise<TUnlockResponse> {
  return api.post<TUnlockResponse>('/api/credit/unlock', request);
}

export const unlockResultMutationKey = (token: string) => ['unlock-result', token] as const;

export function useUnlockResult(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: unlockResultMutationKey(token),
    mutationFn: () => unlockResult({ interactionToken: token }),
    meta: { showsOwnError: true },
    onSuccess: async (response) => {
      queryClient.setQueryData<TUser>(currentUserQueryKey, (user) =>
        user ? { ...user, creditBalance: response.creditBalance } : user,
      );
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: resultInstanceQueryKey(token) });
      // Awaited, so the button keeps spinning until the dashboard replaces the panel.
      await queryClient.invalidateQueries({ queryKey: dashboardQueryKey(token) });
    },
  });
}

/**
 * The latest unlock of this result started since the panel mounted, read from the mutation cache rather than from
 * the panel's own mutation: when the panel is mounted again while its confirmation is open (the dashboard settling
 * right after the page loads), the confirmation's answer, e.g. 402 payment required, still reaches the panel on
 * screen. Unlocks from an earlier visit (before buying credits, say) do not count.
 */
export function useLatestUnlock(token: string): MutationState<TUnlockResponse, Error, void> | undefined {
  const [mountedAt] = useState(() => Date.now());
  const states = useMutationState({
    filters: { mutationKey: unlockResultMutationKey(token) },
    select: (mutation) => mutation.state as MutationState<TUnlockResponse, Error, void>,
  });
  return states.filter((state) => state.submittedAt >= mountedAt).at(-1);
}

// POST /api/trial/bq_advisory_wealth/dismiss: hides the "trial available" notice for this user for good. The
// notice goes at once; the answer (the new trial status) replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTrialStatus } from '@bq/contracts/credits';
import { api } from '../../../lib/api-client';
import { wealthTrialQueryKey } from './get-wealth-trial';

export function dismissWealthTrial(): Promise<TTrialStatus> {
  return api.post<TTrialStatus>('/api/trial/bq_advisory_wealth/dismiss');
}

export function useDismissWealthTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissWealthTrial,
    onMutate: () => {
      const previous = queryClient.getQueryData<TTrialStatus>(wealthTrialQueryKey);
      queryClient.setQueryData<TTrialStatus>(wealthTrialQueryKey, (status) =>
        status ? { ...status, trialAvailable: false, endedNotice: false, dismissed: true } : status,
      );
      return { previous };
    },
    // The failure toast comes from the query client; the notice returns so the user can try again.
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(wealthTrialQueryKey, context.previous);
    },
    onSuccess: (status) => queryClient.setQueryData(wealthTrialQueryKey, status),
  });
}

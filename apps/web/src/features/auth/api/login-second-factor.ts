// POST /api/login/2fa: the second step of a sign-in (the bq_2fa cookie the password step set, plus a code or a
// recovery code). Its 401 means a wrong code or an expired step, so the "401 -> login page" rule is off here too.
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginSuccess } from '@bq/contracts/auth';
import type { TLoginSecondFactorRequest } from '@bq/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/api/get-current-user';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function loginSecondFactor(request: TLoginSecondFactorRequest): Promise<TLoginSuccess> {
  return api.post<TLoginSuccess>('/api/login/2fa', request, { skipLoginRedirect: true });
}

export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginSecondFactor,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      notifications.clean();
      void queryClient.prefetchQuery(currentUserQueryOptions());
    },
  });
}

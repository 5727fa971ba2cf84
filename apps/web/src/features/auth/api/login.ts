// POST /api/login: signs in and answers the same-site path to continue to. Its 401 means wrong credentials, so
// the client's "401 -> login page" rule is off for this call.
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@bq/contracts/auth';
import { api } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/api/get-current-user';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function login(request: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/login', request, { skipLoginRedirect: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      // A previous session's user must not flash in the shell of the new one, nor its failed attempts linger.
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      notifications.clean();
      // The next page needs the new session's user: ask now, before its modules are requested.
      void queryClient.prefetchQuery(currentUserQueryOptions());
    },
  });
}

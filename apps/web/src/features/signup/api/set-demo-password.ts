// POST /api/demo/password/{instanceToken}: the demo participant's password; they are signed in afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDemoPasswordResponse } from '@bq/contracts/signup';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function setDemoPassword(instanceToken: string, password: string): Promise<TDemoPasswordResponse> {
  return api.post<TDemoPasswordResponse>(`/api/demo/password/${encodeURIComponent(instanceToken)}`, { password });
}

export function useSetDemoPassword(instanceToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => setDemoPassword(instanceToken, password),
    meta: { showsOwnError: true },
    // A new user is signed in: the previous one's cached user must not show in the shell.
    onSuccess: () => queryClient.removeQueries({ queryKey: currentUserQueryKey }),
  });
}

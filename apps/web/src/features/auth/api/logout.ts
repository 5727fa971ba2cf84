// POST /api/logout: ends the session, then the login page; cached data of the user is dropped after leaving.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';

export function logout(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Leave the shell first, so nothing below it refetches the user it is about to lose.
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
}

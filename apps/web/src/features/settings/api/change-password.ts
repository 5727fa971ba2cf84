// PATCH /api/user/{id}/password: changes the signed-in user's password (current password required).
import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@bq/contracts/auth';
import { api } from '../../../lib/api-client';

export function changePassword(userId: string, request: TChangePasswordRequest): Promise<{ ok: true }> {
  return api.patch<{ ok: true }>(`/api/user/${encodeURIComponent(userId)}/password`, request);
}

export function useChangePassword(userId: string) {
  return useMutation({ mutationFn: (request: TChangePasswordRequest) => changePassword(userId, request) });
}

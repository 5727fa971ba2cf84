// PATCH /api/user/2fa/passkeys/{id}: a new name for one of the user's passkeys.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPasskey } from '@bq/contracts/passkeys';
import { api } from '../../../lib/api-client';
import { passkeysQueryKey } from './list-passkeys';

export function renamePasskey({ id, name }: { id: string; name: string }): Promise<TPasskey> {
  return api.patch<TPasskey>(`/api/user/2fa/passkeys/${encodeURIComponent(id)}`, { name });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }) });
}

// PATCH /api/instance/{token}/auto_sends: switches the automatic reminder or report at once. Optimistic: the
// cached instance changes before the answer; on failure it returns to what it was and a toast says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAutoSendsRequest, TInstance } from '@bq/contracts/instances';
import { api } from '../../../../lib/api-client';
import { showApiError } from '../../../../lib/notify';
import { instanceQueryKey } from './get-instance';

export function updateAutoSends(token: string, request: TAutoSendsRequest): Promise<TInstance> {
  return api.patch<TInstance>(`/api/instance/${encodeURIComponent(token)}/auto_sends`, request);
}

export function useUpdateAutoSends(token: string) {
  const queryClient = useQueryClient();
  const queryKey = instanceQueryKey(token);
  return useMutation({
    mutationFn: (request: TAutoSendsRequest) => updateAutoSends(token, request),
    meta: { showsOwnError: true },
    onMutate: async (request) => {
      const previous = queryClient.getQueryData<TInstance>(queryKey);
      const apply = () =>
        queryClient.setQueryData<TInstance>(queryKey, (instance) => (instance ? { ...instance, ...request } : instance));
      // Switch on screen at once (before any await), so the control never shows its old state for a frame.
      apply();
      // A poll answering after this point would undo the switch until the next one: cancel it without
      // reverting, then apply again in case it had already written.
      await queryClient.cancelQueries({ queryKey }, { revert: false });
      apply();
      return { previous };
    },
    onError: (error, request, context) => {
      // Only the switched field goes back, so a second switch changed meanwhile keeps its own state.
      const previous = context?.previous;
      if (previous) {
        queryClient.setQueryData<TInstance>(queryKey, (instance) => {
          if (!instance) return previous;
          const restored = { ...instance };
          if (request.autoReminder !== undefined) restored.autoReminder = previous.autoReminder;
          if (request.autoSendReport !== undefined) restored.autoSendReport = previous.autoSendReport;
          return restored;
        });
      }
      showApiError(error, { fallbackKey: 'interactions.autoSends.failed' });
    },
    onSuccess: (instance) => queryClient.setQueryData(queryKey, instance),
  });
}

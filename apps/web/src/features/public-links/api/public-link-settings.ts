// GET and PUT /api/account/public-link-settings: the account's switch for all its start links (0092 addendum).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPublicLinkSettings } from '@bq/contracts/public-links';
import { api } from '../../../lib/api-client';

export const publicLinkSettingsQueryKey = ['public-link-settings'] as const;

export function usePublicLinkSettings() {
  return useQuery({ queryKey: publicLinkSettingsQueryKey, queryFn: () => api.get<TPublicLinkSettings>('/api/account/public-link-settings') });
}

export function useUpdatePublicLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TPublicLinkSettings) => api.put<TPublicLinkSettings>('/api/account/public-link-settings', request),
    meta: { showsOwnError: true },
    onSuccess: (saved) => queryClient.setQueryData(publicLinkSettingsQueryKey, saved),
  });
}

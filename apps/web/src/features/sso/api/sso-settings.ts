// The account's single sign-on settings (Settings > Single sign-on): GET/PUT /api/account/sso, PUT /api/account/sso/saml.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSamlSettingsRequest } from '@bq/contracts/saml';
import type { TSsoSettingsRequest, TSsoSettingsResponse } from '@bq/contracts/sso';
import { api } from '../../../lib/api-client';

const settingsKey = ['sso', 'settings'] as const;

export function useSsoSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<TSsoSettingsResponse>('/api/account/sso') });
}

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSsoSettingsRequest) => api.put<TSsoSettingsResponse>('/api/account/sso', body),
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}

export function useUpdateSamlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSamlSettingsRequest) => api.put<TSsoSettingsResponse>('/api/account/sso/saml', body),
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}

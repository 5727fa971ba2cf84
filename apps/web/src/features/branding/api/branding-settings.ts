// The account's branding and own sender (Settings > Branding): GET|PUT /api/account/branding, the logo upload and
// removal, GET|PUT|DELETE /api/account/sender.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBranding, TSenderSettings, TUpdateBrandingRequest, TUpdateSenderRequest } from '@bq/contracts/branding';
import { api } from '../../../lib/api-client';

const brandingKey = ['branding', 'settings'] as const;
const senderKey = ['branding', 'sender'] as const;

export function useBranding() {
  return useQuery({ queryKey: brandingKey, queryFn: () => api.get<TBranding>('/api/account/branding') });
}

export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateBrandingRequest) => api.put<TBranding>('/api/account/branding', body),
    onSuccess: (data) => queryClient.setQueryData(brandingKey, data),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post<TBranding>('/api/account/branding/logo', file, { contentType: file.type === 'image/svg+xml' ? 'image/svg+xml' : 'image/png' }),
    onSuccess: (data) => queryClient.setQueryData(brandingKey, data),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<TBranding>('/api/account/branding/logo'),
    onSuccess: (data) => queryClient.setQueryData(brandingKey, data),
  });
}

export function useSenderSettings() {
  return useQuery({ queryKey: senderKey, queryFn: () => api.get<TSenderSettings>('/api/account/sender') });
}

export function useUpdateSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSenderRequest | null) =>
      body ? api.put<TSenderSettings>('/api/account/sender', body) : api.delete<TSenderSettings>('/api/account/sender'),
    onSuccess: (data) => queryClient.setQueryData(senderKey, data),
  });
}

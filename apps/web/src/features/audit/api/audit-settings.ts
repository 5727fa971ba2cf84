// GET|PUT /api/audit/settings: the compliance address that gets the daily signed checkpoint (docs/decisions/0039).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAuditSettings } from '@bq/contracts/audit';
import { api } from '../../../lib/api-client';

const auditSettingsKey = ['audit', 'settings'] as const;

export function useAuditSettings() {
  return useQuery({ queryKey: auditSettingsKey, queryFn: () => api.get<TAuditSettings>('/api/audit/settings') });
}

export function useUpdateAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAuditSettings) => api.put<TAuditSettings>('/api/audit/settings', body),
    onSuccess: (data) => queryClient.setQueryData(auditSettingsKey, data),
  });
}

// GET and PUT /api/fairness/self-identification/settings: which categories the account asks candidates after they
// submit, with which options (docs/decisions/0051). Reading needs FAIRNESS_REPORT/READ, saving FAIRNESS_REPORT/UPDATE.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSelfIdentificationSettings, TSelfIdentificationSettingsView } from '@bq/contracts/fairness';
import { api } from '../../../lib/api-client';

const PATH = '/api/fairness/self-identification/settings';
export const selfIdentificationSettingsKey = ['fairness', 'self-identification-settings'] as const;

export function useSelfIdentificationSettings() {
  return useQuery({ queryKey: selfIdentificationSettingsKey, queryFn: () => api.get<TSelfIdentificationSettingsView>(PATH) });
}

export function useUpdateSelfIdentificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSelfIdentificationSettings) => api.put<TSelfIdentificationSettingsView>(PATH, body),
    onSuccess: (data) => queryClient.setQueryData(selfIdentificationSettingsKey, data),
  });
}

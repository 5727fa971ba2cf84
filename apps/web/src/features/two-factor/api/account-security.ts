// The account's second-factor requirement and its members' factors, for the account admin (docs/decisions/0042):
// GET/PUT /api/account/security, GET /api/account/security/members, DELETE .../members/{userId}/factors.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountMemberFactorList, TAccountSecurity, TAccountSecurityResponse } from '@bq/contracts/account-security';
import { api, apiRequest } from '../../../lib/api-client';

const settingsKey = ['two-factor', 'account-security'] as const;
const membersKey = ['two-factor', 'account-members'] as const;

export function useAccountSecurity() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<TAccountSecurityResponse>('/api/account/security') });
}

export function useUpdateAccountSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountSecurity) => api.put<TAccountSecurityResponse>('/api/account/security', body),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKey, data);
      // The members' deadlines follow from the setting.
      return queryClient.invalidateQueries({ queryKey: membersKey });
    },
  });
}

export function useAccountMembers() {
  return useQuery({ queryKey: membersKey, queryFn: () => api.get<TAccountMemberFactorList>('/api/account/security/members') });
}

export function useResetMemberFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<{ ok: true }>(`/api/account/security/members/${encodeURIComponent(userId)}/factors`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

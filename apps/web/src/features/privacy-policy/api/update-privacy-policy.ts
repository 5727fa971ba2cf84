// POST /api/account/privacy_policy: saves the texts per locale (an empty one removes that locale's policy).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPrivacyPolicy, TUpdatePrivacyPolicyRequest } from '@bq/contracts/privacy-policy';
import { api } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { privacyPolicyQueryKey } from './get-privacy-policy';

export function updatePrivacyPolicy(request: TUpdatePrivacyPolicyRequest): Promise<TPrivacyPolicy> {
  return api.post<TPrivacyPolicy>('/api/account/privacy_policy', request);
}

export function useUpdatePrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacyPolicy,
    meta: { showsOwnError: true },
    onSuccess: (saved) => queryClient.setQueryData(privacyPolicyQueryKey(saved.accountId), saved),
    onError: (error) => showApiError(error, { fallbackKey: 'ERROR_PRIVACY_UPDATE' }),
  });
}

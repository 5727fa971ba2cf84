// GET /api/account/{id}/privacy_policy: the account's policy texts, one per locale that has one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPrivacyPolicy } from '@bq/contracts/privacy-policy';
import { api } from '../../../lib/api-client';

export const privacyPolicyQueryKey = (accountId: string) => ['privacy-policy', accountId] as const;

export function getPrivacyPolicy(accountId: string): Promise<TPrivacyPolicy> {
  return api.get<TPrivacyPolicy>(`/api/account/${encodeURIComponent(accountId)}/privacy_policy`);
}

export const privacyPolicyQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: privacyPolicyQueryKey(accountId), queryFn: () => getPrivacyPolicy(accountId) });

export function usePrivacyPolicy(accountId: string) {
  return useQuery(privacyPolicyQueryOptions(accountId));
}

// GET /api/account/{id}/privacy_policy, for the send dialog: whether the participant will read the account's own
// policy or the platform's default notice (docs/decisions/0033). Shares its query key with the settings page, so a
// policy saved there is seen here at once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPrivacyPolicy } from '@bq/contracts/privacy-policy';
import { api } from '../../../../lib/api-client';

export const accountPrivacyPolicyQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['privacy-policy', accountId] as const,
    queryFn: () => api.get<TPrivacyPolicy>(`/api/account/${encodeURIComponent(accountId)}/privacy_policy`),
  });

export function useAccountPrivacyPolicy(accountId: string) {
  return useQuery(accountPrivacyPolicyQueryOptions(accountId));
}

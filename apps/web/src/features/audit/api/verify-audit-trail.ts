// GET /api/audit/verify: the account's whole trail verified as an outsider verifies its export (docs/decisions/0071).
// On demand (a button), never cached: each press checks the trail as it is now.
import { useMutation } from '@tanstack/react-query';
import type { TVerifyAuditChainResponse } from '@bq/contracts/audit';
import { api } from '../../../lib/api-client';

export function useVerifyAuditTrail() {
  return useMutation({ mutationFn: () => api.get<TVerifyAuditChainResponse>('/api/audit/verify') });
}

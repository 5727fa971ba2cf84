// GET /api/audit/actions: every action the trail can hold, for the action filter's suggestions; the words of each
// are the shipped texts (audit.action.<code>). They change only with a new version, so they are fetched once.
import { useQuery } from '@tanstack/react-query';
import type { TAuditActions } from '@bq/contracts/audit';
import { api } from '../../../lib/api-client';

export function useAuditActions() {
  return useQuery({
    queryKey: ['audit-actions'],
    queryFn: () => api.get<TAuditActions>('/api/audit/actions'),
    staleTime: Infinity,
  });
}

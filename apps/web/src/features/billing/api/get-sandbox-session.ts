// GET /api/payment/sandbox/{sessionId}: the sandbox provider's checkout (public; the session id is the credential).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSandboxSession } from '@bq/contracts/billing';
import { api } from '../../../lib/api-client';

export const sandboxSessionQueryKey = (sessionId: string) => ['billing', 'sandbox', sessionId] as const;

export function fetchSandboxSession(sessionId: string, signal?: AbortSignal): Promise<TSandboxSession> {
  return api.get<TSandboxSession>(`/api/payment/sandbox/${encodeURIComponent(sessionId)}`, { signal });
}

export const sandboxSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sandboxSessionQueryKey(sessionId),
    queryFn: ({ signal }) => fetchSandboxSession(sessionId, signal),
    retry: false,
  });

export function useSandboxSession(sessionId: string) {
  return useQuery(sandboxSessionQueryOptions(sessionId));
}

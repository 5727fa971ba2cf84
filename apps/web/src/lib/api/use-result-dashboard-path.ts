// Where a public document page (report, certificate) sends a signed-in evaluator of its result: the dashboard route
// of its product and client. GET /api/instance/{token} tells which client and product the result belongs to; it
// answers only an evaluator of the issuing account, so visitors who are not signed in (401; a public page does not
// bounce it to the login page) or of another account (403/404) get null and see no link. Shared by the reports and
// certificates features, which do not import each other.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInstance } from '@bq/contracts/instances';
import { api } from '../api-client';
import { resultDashboardPath } from '../result-dashboard-path';
import { evaluatorInstanceQueryKey } from '../query-keys';
import { useCurrentUser } from './get-current-user';

export function fetchEvaluatorInstance(token: string, signal?: AbortSignal): Promise<TInstance> {
  return api.get<TInstance>(`/api/instance/${encodeURIComponent(token)}`, { signal });
}

export const evaluatorInstanceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: evaluatorInstanceQueryKey(token),
    queryFn: ({ signal }) => fetchEvaluatorInstance(token, signal),
    retry: false,
  });

/** The dashboard path for a signed-in evaluator of the result, else null; asks nothing while not enabled. */
export function useResultDashboardPath(token: string, enabled: boolean): string | null {
  const user = useCurrentUser({ enabled });
  const instance = useQuery({
    ...evaluatorInstanceQueryOptions(token),
    enabled: enabled && user.isSuccess && token !== '',
  });
  return user.data && instance.data ? resultDashboardPath(user.data, instance.data) : null;
}

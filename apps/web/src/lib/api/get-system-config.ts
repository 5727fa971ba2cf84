// GET /api/system/config: public settings read before sign-in (demo mode, locales, password policy, chunk timeout).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSystemConfig } from '@bq/contracts/system';
import { api } from '../api-client';
import { systemConfigQueryKey } from '../query-keys';

export function fetchSystemConfig(): Promise<TSystemConfig> {
  return api.get<TSystemConfig>('/api/system/config');
}

export const systemConfigQueryOptions = () =>
  queryOptions({ queryKey: systemConfigQueryKey, queryFn: fetchSystemConfig, staleTime: Infinity });

export function useSystemConfig() {
  return useQuery(systemConfigQueryOptions());
}

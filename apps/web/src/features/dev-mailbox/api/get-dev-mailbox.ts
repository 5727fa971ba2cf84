// GET /api/dev/mailbox: every mail of the outbox, newest first (embedded mode only; 404 elsewhere).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDevMailboxList } from '@bq/contracts/mail';
import { api } from '../../../lib/api-client';

/** Every query of the mailbox (the list and each mail), for a refresh of all of them. */
export const devMailboxQueriesKey = ['dev-mailbox'] as const;

export const devMailboxQueryKey = [...devMailboxQueriesKey, 'list'] as const;

export function fetchDevMailbox(signal?: AbortSignal): Promise<TDevMailboxList> {
  return api.get<TDevMailboxList>('/api/dev/mailbox', { signal });
}

export const devMailboxQueryOptions = () =>
  queryOptions({ queryKey: devMailboxQueryKey, queryFn: ({ signal }) => fetchDevMailbox(signal) });

export function useDevMailbox() {
  return useQuery(devMailboxQueryOptions());
}

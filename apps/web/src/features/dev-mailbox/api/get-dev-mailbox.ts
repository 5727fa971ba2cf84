// GET /api/dev/mailbox: the demo account's mails, newest first (DEV_MAILBOX in the embedded demo only, 404
// elsewhere; the demo admin only: 401/403 are shown on the page instead of the usual jump to the login).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDevMailboxList } from '@bq/contracts/mail';
import { api } from '../../../lib/api-client';

/** Every query of the mailbox (the list and each mail), for a refresh of all of them. */
export const devMailboxQueriesKey = ['dev-mailbox'] as const;

export const devMailboxQueryKey = [...devMailboxQueriesKey, 'list'] as const;

export function fetchDevMailbox(signal?: AbortSignal): Promise<TDevMailboxList> {
  return api.get<TDevMailboxList>('/api/dev/mailbox', { signal, skipLoginRedirect: true });
}

export const devMailboxQueryOptions = () =>
  queryOptions({ queryKey: devMailboxQueryKey, queryFn: ({ signal }) => fetchDevMailbox(signal) });

export function useDevMailbox() {
  return useQuery(devMailboxQueryOptions());
}

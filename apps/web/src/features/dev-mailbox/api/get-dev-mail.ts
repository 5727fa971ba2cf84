// GET /api/dev/mailbox/{id}: one mail with its plain text, HTML and header fields.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDevMail } from '@bq/contracts/mail';
import { api } from '../../../lib/api-client';
import { devMailboxQueriesKey } from './get-dev-mailbox';

export const devMailQueryKey = (id: string) => [...devMailboxQueriesKey, 'mail', id] as const;

export function fetchDevMail(id: string, signal?: AbortSignal): Promise<TDevMail> {
  return api.get<TDevMail>(`/api/dev/mailbox/${encodeURIComponent(id)}`, { signal, skipLoginRedirect: true });
}

export const devMailQueryOptions = (id: string) =>
  queryOptions({ queryKey: devMailQueryKey(id), queryFn: ({ signal }) => fetchDevMail(id, signal) });

export function useDevMail(id: string | null) {
  return useQuery({ ...devMailQueryOptions(id ?? ''), enabled: id !== null });
}

// GET /api/audit/events: the account's audit trail, newest first; each further page continues from the last
// page's cursor (keyset), so "Load more" never repeats or skips an event.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TListAuditEventsResponse } from '@bq/contracts/audit';
import { api } from '../../../lib/api-client';

/** The filters the page offers; empty strings mean "any". */
export interface AuditFilter {
  clientToken: string;
  userId: string;
  action: string;
  outcome: '' | 'ALLOWED' | 'REFUSED';
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilter = {
  clientToken: '',
  userId: '',
  action: '',
  outcome: '',
  from: '',
  to: '',
};

/**
 * The filter as query parameters, shared by the list and the export. Dates of the form (YYYY-MM-DD) become the start
 * and the end of that day in the browser's time zone.
 */
export function auditQuery(filter: AuditFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.clientToken.trim()) query.clientToken = filter.clientToken.trim();
  if (filter.userId.trim()) query.userId = filter.userId.trim();
  if (filter.action.trim()) query.action = filter.action.trim();
  if (filter.outcome) query.outcome = filter.outcome;
  if (filter.from) query.from = new Date(`${filter.from}T00:00:00`).toISOString();
  if (filter.to) query.to = new Date(`${filter.to}T23:59:59.999`).toISOString();
  return query;
}

/** A filter given in the page's address (a link such as /settings/audit?action=export.download). */
export function auditFilterFrom(params: URLSearchParams): AuditFilter {
  const outcome = params.get('outcome');
  return {
    ...EMPTY_AUDIT_FILTER,
    clientToken: params.get('clientToken') ?? '',
    userId: params.get('userId') ?? '',
    action: params.get('action') ?? '',
    outcome: outcome === 'ALLOWED' || outcome === 'REFUSED' ? outcome : '',
  };
}

function queryOf(filter: AuditFilter, cursor: string | null): string {
  const params = new URLSearchParams(auditQuery(filter));
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function listAuditEvents(
  filter: AuditFilter,
  cursor: string | null,
): Promise<TListAuditEventsResponse> {
  return api.get<TListAuditEventsResponse>(`/api/audit/events${queryOf(filter, cursor)}`);
}

export function useAuditEvents(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['audit-events', filter],
    queryFn: ({ pageParam }) => listAuditEvents(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

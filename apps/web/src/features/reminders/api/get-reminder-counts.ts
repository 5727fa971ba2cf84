// GET /api/reminders/counts: open interactions by expiry (due now, this month, next month) for the menu badge.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReminderCounts } from '@bq/contracts/user';
import { api } from '../../../lib/api-client';

export const reminderCountsQueryKey = ['reminders', 'counts'] as const;

export function fetchReminderCounts(signal?: AbortSignal): Promise<TReminderCounts> {
  return api.get<TReminderCounts>('/api/reminders/counts', { signal });
}

export const reminderCountsQueryOptions = () =>
  queryOptions({
    queryKey: reminderCountsQueryKey,
    queryFn: ({ signal }) => fetchReminderCounts(signal),
    staleTime: 5 * 60_000,
  });

export function useReminderCounts() {
  return useQuery(reminderCountsQueryOptions());
}

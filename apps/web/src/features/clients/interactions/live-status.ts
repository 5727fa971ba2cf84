// Live status: while an interaction can still move on by itself (the client opens or submits it, the job
// calculates), its page asks the server again every few seconds, so the adviser sees NEW -> OPENED -> FILLED ->
// CALCULATING -> RESULTS_AVAILABLE without reloading. Final states and the failures (which need a retry by
// someone) stop it. TanStack Query pauses intervals while the tab is hidden. Those refetches run in the
// background: they do not raise the global loading counter, so the loading bar does not flash every 3 s.
import type { QueryFunctionContext } from '@tanstack/react-query';
import { isMoving, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { TMailDelivery } from '@bq/contracts/mail';

export const LIVE_REFETCH_MS = 3000;

/** A refetchInterval: every LIVE_REFETCH_MS while any of the statuses may still change, else no polling. */
export function liveRefetchInterval(
  statuses: readonly InteractionStatus[] | undefined,
  /** The interactions' mails: one that has not left yet (queued, deferred) keeps the page asking as well. */
  mails: readonly (TMailDelivery | null)[] = [],
): number | false {
  const mailMoving = mails.some((m) => m?.state === 'QUEUED' || m?.state === 'DEFERRED');
  return statuses?.some(isMoving) || mailMoving ? LIVE_REFETCH_MS : false;
}

/**
 * Whether a fetch refreshes data the page already shows (a poll, a refocus): then it is a background request
 * that leaves the loading bar alone. The first load of a query still shows it.
 */
export function isBackgroundRefetch({
  client,
  queryKey,
}: Pick<QueryFunctionContext, 'client' | 'queryKey'>): boolean {
  return client.getQueryData(queryKey) !== undefined;
}

// GET /api/payment/checkout/{userReference}: PENDING until the provider's webhook has arrived, then PAID with the
// new balance. Polled while pending (a background request: the page shows its own waiting state).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCheckoutStatus } from '@bq/contracts/billing';
import { api } from '../../../lib/api-client';

export const checkoutStatusQueryKey = (userReference: string) =>
  ['billing', 'checkout', userReference] as const;

/** How often the page asks while the payment is pending, and after how long it says that this takes longer. */
export const CHECKOUT_POLL_MS = 1500;
export const CHECKOUT_SLOW_AFTER_MS = 60_000;

export function fetchCheckoutStatus(userReference: string, signal?: AbortSignal): Promise<TCheckoutStatus> {
  return api.get<TCheckoutStatus>(`/api/payment/checkout/${encodeURIComponent(userReference)}`, {
    signal,
    background: true,
  });
}

export const checkoutStatusQueryOptions = (userReference: string) =>
  queryOptions({
    queryKey: checkoutStatusQueryKey(userReference),
    queryFn: ({ signal }) => fetchCheckoutStatus(userReference, signal),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? CHECKOUT_POLL_MS : false),
  });

export function useCheckoutStatus(userReference: string) {
  return useQuery(checkoutStatusQueryOptions(userReference));
}

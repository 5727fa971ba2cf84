// GET /api/payment/configurations?productType=: the packages on sale for a product, priced in the buyer's currency.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentConfigurationsResponse } from '@bq/contracts/billing';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';

export const paymentConfigurationsQueryKey = (productType: ProductType) =>
  ['billing', 'configurations', productType] as const;

export function fetchPaymentConfigurations(
  productType: ProductType,
  signal?: AbortSignal,
): Promise<TPaymentConfigurationsResponse> {
  return api.get<TPaymentConfigurationsResponse>(`/api/payment/configurations?productType=${productType}`, {
    signal,
  });
}

export const paymentConfigurationsQueryOptions = (productType: ProductType) =>
  queryOptions({
    queryKey: paymentConfigurationsQueryKey(productType),
    queryFn: ({ signal }) => fetchPaymentConfigurations(productType, signal),
  });

export function usePaymentConfigurations(productType: ProductType) {
  return useQuery(paymentConfigurationsQueryOptions(productType));
}

/**
 * GET /api/payment/pay/{id} is a browser navigation (the server redirects to the provider's hosted page), so the
 * page links to it instead of fetching it. returnTo: the page to offer after paying (e.g. the locked result).
 */
export function payHref(configurationId: string, returnTo: string | null): string {
  return `/api/payment/pay/${configurationId}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
}

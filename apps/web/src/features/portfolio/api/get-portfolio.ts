// GET /api/u/{clientToken}/portfolio: the client's latest portfolio, its check against the suitable risk class and
// the dates of the earlier ones (decision 0091).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetPortfolioResponse } from '@bq/contracts/portfolio';
import { api } from '../../../lib/api-client';

export const portfolioQueryKey = (clientToken: string) => ['portfolio', clientToken] as const;

export function fetchPortfolio(clientToken: string, signal?: AbortSignal): Promise<TGetPortfolioResponse> {
  return api.get<TGetPortfolioResponse>(`/api/u/${encodeURIComponent(clientToken)}/portfolio`, { signal });
}

export const portfolioQueryOptions = (clientToken: string) =>
  queryOptions({
    queryKey: portfolioQueryKey(clientToken),
    queryFn: ({ signal }) => fetchPortfolio(clientToken, signal),
    staleTime: 30_000,
  });

export function usePortfolio(clientToken: string) {
  return useQuery(portfolioQueryOptions(clientToken));
}

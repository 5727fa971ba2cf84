// PUT /api/u/{clientToken}/portfolio: saves a dated portfolio (earlier ones are kept). The answer is the same as
// the GET's, so it replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGetPortfolioResponse, TPutPortfolioRequest } from '@bq/contracts/portfolio';
import { api } from '../../../lib/api-client';
import { portfolioQueryKey } from './get-portfolio';

export function savePortfolio(clientToken: string, request: TPutPortfolioRequest): Promise<TGetPortfolioResponse> {
  return api.put<TGetPortfolioResponse>(`/api/u/${encodeURIComponent(clientToken)}/portfolio`, request);
}

export function useSavePortfolio(clientToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TPutPortfolioRequest) => savePortfolio(clientToken, request),
    // The form shows a refusal at its fields (PortfolioForm), anything else as a toast itself.
    meta: { showsOwnError: true },
    onSuccess: (answer) => queryClient.setQueryData(portfolioQueryKey(clientToken), answer),
  });
}

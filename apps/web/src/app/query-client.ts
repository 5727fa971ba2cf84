// The one QueryClient. Client errors (4xx) are not retried; failed mutations toast their errorKey unless the
// mutation says it shows its own message; failed queries are only logged, pages render their error state.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { showApiError } from '../lib/notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { showsOwnError?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.redirectedToLogin) return;
        console.warn('Loading data failed', error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.showsOwnError) return;
        showApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

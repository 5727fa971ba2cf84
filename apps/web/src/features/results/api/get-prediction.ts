// GET /api/predict/{bqa|bqp}/{token}?locale=: the transparent prediction of a result (investment style for the
// advisory products, performance outlook for selection), with every class's probability and the top factors.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboard, TPrediction } from '@bq/contracts/dashboard';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export type PredictionKind = NonNullable<TDashboard['prediction']>['kind'];
export type PredictionPath = 'bqa' | 'bqp';

/** INVESTMENT_STYLE is predicted by the advisory (bqa) endpoint, PERFORMANCE by the bqp one. */
export const PREDICTION_PATHS: Record<PredictionKind, PredictionPath> = {
  INVESTMENT_STYLE: 'bqa',
  PERFORMANCE: 'bqp',
};

export const predictionQueryKey = (path: PredictionPath, token: string, locale: Locale) =>
  ['results', 'prediction', path, token, locale] as const;

export function fetchPrediction(
  path: PredictionPath,
  token: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<TPrediction> {
  return api.get<TPrediction>(`/api/predict/${path}/${encodeURIComponent(token)}`, {
    query: { locale },
    signal,
  });
}

export const predictionQueryOptions = (path: PredictionPath, token: string, locale: Locale) =>
  queryOptions({
    queryKey: predictionQueryKey(path, token, locale),
    queryFn: ({ signal }) => fetchPrediction(path, token, locale, signal),
    staleTime: 5 * 60_000,
  });

export function usePrediction(kind: PredictionKind, token: string, locale: Locale, enabled: boolean) {
  return useQuery({ ...predictionQueryOptions(PREDICTION_PATHS[kind], token, locale), enabled });
}

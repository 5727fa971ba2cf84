// GET /api/fairness/{product}/adverse-impact (BQ_SELECTION/FAIRNESS_REPORT/READ) and its CSV and PDF downloads.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FairnessBasis, FairnessProduct, TAdverseImpactReport } from '@bq/contracts/fairness';
import { api } from '../../../lib/api-client';
import { downloadToFile } from '../../../lib/api-download';
import type { Locale } from '@bq/domain/locales';

export interface AdverseImpactFilter {
  /** Left out: the server chooses from the data (decision 0078) and answers the basis it chose. */
  basis?: FairnessBasis;
  threshold?: number;
  campaignId?: string;
  profileId?: string;
  from?: string;
  to?: string;
}

const queryOf = (filter: AdverseImpactFilter) => ({
  ...(filter.basis ? { basis: filter.basis } : {}),
  ...(filter.basis && filter.basis !== 'decision' && filter.threshold !== undefined ? { threshold: String(filter.threshold) } : {}),
  ...(filter.campaignId ? { campaignId: filter.campaignId } : {}),
  ...(filter.profileId ? { profileId: filter.profileId } : {}),
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
});

export const adverseImpactQueryOptions = (product: FairnessProduct, filter: AdverseImpactFilter) =>
  queryOptions({
    queryKey: ['fairness', product, 'adverse-impact', filter] as const,
    queryFn: ({ signal }) => api.get<TAdverseImpactReport>(`/api/fairness/${product}/adverse-impact`, { query: queryOf(filter), signal }),
    placeholderData: keepPreviousData,
  });

export function useAdverseImpact(product: FairnessProduct, filter: AdverseImpactFilter) {
  return useQuery(adverseImpactQueryOptions(product, filter));
}

export function downloadAdverseImpact(product: FairnessProduct, filter: AdverseImpactFilter, format: 'csv' | 'pdf', locale: Locale) {
  return downloadToFile(`/api/fairness/${product}/adverse-impact/${format}`, {
    query: { ...queryOf(filter), locale },
    fallbackPrefix: 'adverse-impact',
    extension: format,
  });
}

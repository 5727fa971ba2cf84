// GET /api/comparison/client/{clientToken}?productType=: may this client join a comparison (it needs a completed
// result; otherwise 409 error.comparison.no_completed_instance, 'No Completed Instance')?
import type { TComparisonCandidate } from '@bq/contracts/comparison';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';

export function fetchComparisonCandidate(
  productType: ProductType,
  clientToken: string,
): Promise<TComparisonCandidate> {
  return api.get<TComparisonCandidate>(`/api/comparison/client/${encodeURIComponent(clientToken)}`, {
    query: { productType },
  });
}

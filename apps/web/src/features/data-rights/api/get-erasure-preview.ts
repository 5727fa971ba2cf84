// GET /api/client/{clientToken}/erasure: what erasing keeps and deletes per result, and the code that confirms it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TErasurePreview } from '@bq/contracts/data-rights';
import { api } from '../../../lib/api-client';

export const erasurePreviewQueryKey = (clientToken: string) => ['data-rights', 'erasure', clientToken] as const;

export const erasurePreviewQueryOptions = (clientToken: string) =>
  queryOptions({
    queryKey: erasurePreviewQueryKey(clientToken),
    queryFn: ({ signal }) => api.get<TErasurePreview>(`/api/client/${encodeURIComponent(clientToken)}/erasure`, { signal }),
    // The code follows the client's last change: always read afresh when the dialog opens.
    staleTime: 0,
  });

export function useErasurePreview(clientToken: string, enabled: boolean) {
  return useQuery({ ...erasurePreviewQueryOptions(clientToken), enabled });
}

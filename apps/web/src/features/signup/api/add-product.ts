// POST /api/add_product: adds a product to the signed-in user's account; the current user is reloaded.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddProductRequest, TAddProductResponse } from '@bq/contracts/signup';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function addProduct(request: TAddProductRequest): Promise<TAddProductResponse> {
  return api.post<TAddProductResponse>('/api/add_product', request);
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    meta: { showsOwnError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

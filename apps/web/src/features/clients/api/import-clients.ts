// POST /api/u/import: the client file and its mapping as multipart/form-data. Sent with XMLHttpRequest, not fetch,
// because only XHR reports upload progress (the import's progress bar, docs/decisions/0048). Errors become the
// same ApiError as every other call; a successful import refreshes the client lists and the client limit.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClientImportMapping, TClientImportResult } from '@bq/contracts/client-import';
import { API_HEADERS, ApiError, buildUrl, networkError, redirectToLogin } from '../../../lib/api-client';
import { clientLimitQueryKey } from './get-client-limit';
import { clientListsQueryKey } from './get-clients';

export interface ImportClientsRequest {
  productConfigurationId: string;
  dryRun: boolean;
  /** Write the valid rows and report the others (decision 0077); otherwise any row error writes nothing. */
  skipInvalid?: boolean;
  file: File;
  mapping?: TClientImportMapping;
  /** Share of the file sent, 0..1. */
  onUploadProgress?: (share: number) => void;
}

export function importClients(request: ImportClientsRequest): Promise<TClientImportResult> {
  const body = new FormData();
  if (request.mapping) body.append('mapping', JSON.stringify(request.mapping));
  body.append('file', request.file, request.file.name);
  const url = buildUrl('/api/u/import', { productConfigurationId: request.productConfigurationId, dryRun: request.dryRun, skipInvalid: request.skipInvalid ?? false });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(API_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(payload as TClientImportResult);
      const error = new ApiError(xhr.status, (payload ?? {}) as ConstructorParameters<typeof ApiError>[1]);
      if (xhr.status === 401) error.redirectedToLogin = redirectToLogin();
      reject(error);
    };
    xhr.send(body);
  });
}

export function useImportClients(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importClients,
    meta: { showsOwnError: true },
    onSuccess: async (result) => {
      if (result.dryRun) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: clientLimitQueryKey(userId) }),
      ]);
    },
  });
}

// GET /api/dashboard/{token}/fileNote?locale=: the adviser's file note PDF (docs/decisions/0030), or for a selection
// result the evaluator's selection report (0082), saved under the server's Content-Disposition name. Signed-in
// only; failures come back as an ApiError read from the binary body.
import { useMutation } from '@tanstack/react-query';
import type { Locale } from '@bq/domain/locales';
import { downloadToFile } from '../../../lib/api-download';
import { showApiError } from '../../../lib/notify';

export function downloadFileNote(token: string, locale: Locale): Promise<string> {
  return downloadToFile(`/api/dashboard/${encodeURIComponent(token)}/fileNote`, {
    query: { locale },
    fallbackPrefix: 'file-note',
    extension: 'pdf',
  });
}

export function useDownloadFileNote(token: string, locale: Locale, failedKey = 'results.documents.fileNoteFailed') {
  return useMutation({
    mutationFn: () => downloadFileNote(token, locale),
    meta: { showsOwnError: true },
    onError: (error) => showApiError(error, { fallbackKey: failedKey }),
  });
}

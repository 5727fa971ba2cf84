// GET /api/product/{type}/export: streams the file, reporting rows (CSV: line breaks) and bytes as they arrive,
// with the total from X-Total-Rows; cancellable through the signal. Not through the global loading counter:
// a long export must not grey out the page, and it has its own progress bar.
import { EXPORT_TOTAL_ROWS_HEADER, type ExportContent, type ExportFormat } from '@bq/contracts/export';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import { API_HEADERS, ApiError, buildUrl, isAbort, networkError, redirectToLogin } from '../../../lib/api-client';
import { fileNameFromContentDisposition, parseBinaryErrorBody } from '../../../lib/api-download';
import { fallbackFileName } from '../../../lib/save-file';

export interface ExportRequest {
  productType: ProductType;
  locale: Locale;
  content: ExportContent;
  format: ExportFormat;
}

export interface ExportProgress {
  bytes: number;
  /** Data rows received so far; null for XLSX (a zip: rows cannot be counted while it arrives). */
  rows: number | null;
  totalRows: number | null;
}

export interface ExportFile {
  blob: Blob;
  fileName: string;
  totalRows: number | null;
}

const NEWLINE = 10;

function countNewlines(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === NEWLINE) n += 1;
  return n;
}

export async function downloadExport(
  request: ExportRequest,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<ExportFile> {
  let response: Response;
  try {
    response = await fetch(
      buildUrl(`/api/product/${encodeURIComponent(request.productType)}/export`, {
        format: request.format,
        locale: request.locale,
        content: request.content,
      }),
      { method: 'GET', headers: { ...API_HEADERS }, credentials: 'same-origin', signal: options.signal },
    );
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  if (!response.ok) {
    const error = new ApiError(response.status, parseBinaryErrorBody(await response.arrayBuffer()));
    if (response.status === 401) error.redirectedToLogin = redirectToLogin();
    throw error;
  }
  const totalHeader = Number(response.headers.get(EXPORT_TOTAL_ROWS_HEADER));
  const totalRows = Number.isFinite(totalHeader) && response.headers.has(EXPORT_TOTAL_ROWS_HEADER) ? totalHeader : null;
  const countRows = request.format === 'csv';
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const chunks: BlobPart[] = [];
  let bytes = 0;
  let lines = 0;
  const report = () =>
    options.onProgress?.({
      bytes,
      // The first line is the header row.
      rows: countRows ? Math.max(0, Math.min(totalRows ?? Infinity, lines - 1)) : null,
      totalRows,
    });
  report();
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        if (countRows) lines += countNewlines(value);
        report();
      }
    } catch (error) {
      if (isAbort(error)) throw error;
      throw networkError();
    }
  } else {
    const buffer = await response.arrayBuffer();
    chunks.push(buffer);
    bytes = buffer.byteLength;
    report();
  }
  const fileName =
    fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackFileName(`export_${request.productType}`, request.format);
  return { blob: new Blob(chunks, { type }), fileName, totalRows };
}

// Binary downloads through the API (PDF reports and certificates): the same headers, credentials, loading counter
// and 401 handling as the JSON client, plus progress while the body streams in, the file name from
// Content-Disposition, and errors read from the binary body (spec section 8), since the answer is not JSON-parsed.
import type { TApiError } from '@bq/contracts/errors';
import {
  API_HEADERS,
  ApiError,
  buildUrl,
  isAbort,
  networkError,
  redirectToLogin,
  type ApiRequestOptions,
} from './api-client';
import { beginLoading } from './loading-counter';
import { fallbackFileName, saveBlob } from './save-file';

export interface DownloadProgress {
  loaded: number;
  /** From Content-Length; null when the server did not say (the bar is then indeterminate). */
  total: number | null;
}

export interface ApiDownloadOptions {
  query?: ApiRequestOptions['query'];
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface ApiDownloadResult {
  blob: Blob;
  /** The name the server suggests in Content-Disposition; null when it sent none. */
  fileName: string | null;
}

/** filename* (RFC 5987, UTF-8) wins over the plain ASCII filename; null when neither is there or readable. */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1]!.trim().replace(/^"(.*)"$/, '$1');
    const encoded = /^([\w-]+)'[^']*'(.*)$/.exec(value);
    try {
      const name = decodeURIComponent(encoded ? encoded[2]! : value);
      if (name.trim() !== '') return name;
    } catch {
      // A malformed escape: fall back to the plain filename below.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!).trim();
  return name === '' ? null : name;
}

/** The error body of a failed binary call: bytes -> text -> JSON { errorKey, message, reqId }; {} when unreadable. */
export function parseBinaryErrorBody(buffer: ArrayBuffer): Partial<TApiError> {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(buffer));
    return parsed && typeof parsed === 'object' ? (parsed as Partial<TApiError>) : {};
  } catch {
    return {};
  }
}

function contentLength(response: Response): number | null {
  const value = Number(response.headers.get('Content-Length'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

// Streams the body chunk by chunk so progress can be shown; browsers without a readable body get it in one go.
async function readBody(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const total = contentLength(response);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  onProgress?.({ loaded: 0, total });
  if (!response.body) {
    const buffer = await response.arrayBuffer();
    onProgress?.({ loaded: buffer.byteLength, total });
    return new Blob([buffer], { type });
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  return new Blob(chunks, { type });
}

export async function apiDownload(
  path: string,
  options: ApiDownloadOptions = {},
): Promise<ApiDownloadResult> {
  const done = beginLoading();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: 'GET',
        headers: { ...API_HEADERS },
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw networkError();
    }
    if (!response.ok) {
      const error = new ApiError(response.status, parseBinaryErrorBody(await response.arrayBuffer()));
      if (response.status === 401) error.redirectedToLogin = redirectToLogin();
      throw error;
    }
    const blob = await readBody(response, options.onProgress);
    return { blob, fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')) };
  } finally {
    done();
  }
}

export interface DownloadToFileOptions extends ApiDownloadOptions {
  /** Used when the response names no file, e.g. the file name the content endpoint suggested. */
  fileName?: string;
  /** Prefix of the last-resort name `<prefix>_<timestamp>.<extension>`. */
  fallbackPrefix: string;
  extension: string;
}

/** Downloads and saves a file; resolves with the name it was saved under (server's, then caller's, then generated). */
export async function downloadToFile(path: string, options: DownloadToFileOptions): Promise<string> {
  const { blob, fileName } = await apiDownload(path, options);
  const name = fileName || options.fileName || fallbackFileName(options.fallbackPrefix, options.extension);
  saveBlob(blob, name);
  return name;
}

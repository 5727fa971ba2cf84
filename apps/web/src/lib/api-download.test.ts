import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ApiError, setApiNavigator } from './api-client';
import {
  apiDownload,
  fileNameFromContentDisposition,
  parseBinaryErrorBody,
  type DownloadProgress,
} from './api-download';
import { getLoadingCount } from './loading-counter';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(navigate);
});

afterEach(() => window.history.replaceState(null, '', '/'));

function chunkedResponse(chunks: number[][], headers: Record<string, string> = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/pdf', ...headers } });
}

describe('file name from Content-Disposition', () => {
  it('prefers filename* (UTF-8) over the ASCII filename', () => {
    expect(
      fileNameFromContentDisposition(
        'attachment; filename="Bericht_M_ller.pdf"; filename*=UTF-8\'\'Bericht_M%C3%BCller.pdf',
      ),
    ).toBe('Bericht_Müller.pdf');
  });

  it('reads a quoted or bare filename, with escapes', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(fileNameFromContentDisposition('inline; filename=report.pdf')).toBe('report.pdf');
  });

  it('falls back to filename when filename* is malformed, and gives null without a name', () => {
    expect(fileNameFromContentDisposition('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="x.pdf"')).toBe(
      'x.pdf',
    );
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});

describe('binary error bodies', () => {
  it('decodes the JSON error from the bytes, and gives {} for anything else', () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ errorKey: 'error.not_found', message: 'x', reqId: 'r1' }),
    );
    expect(parseBinaryErrorBody(bytes.buffer)).toEqual({
      errorKey: 'error.not_found',
      message: 'x',
      reqId: 'r1',
    });
    expect(parseBinaryErrorBody(new Uint8Array([37, 80, 68, 70]).buffer)).toEqual({});
  });
});

describe('apiDownload', () => {
  it('reports progress against Content-Length, returns the blob and name, and lowers the loading counter', async () => {
    fetchMock.mockResolvedValue(
      chunkedResponse(
        [
          [1, 2, 3],
          [4, 5, 6, 7, 8, 9],
        ],
        {
          'Content-Length': '9',
          'Content-Disposition': 'attachment; filename="r.pdf"',
        },
      ),
    );
    const seen: DownloadProgress[] = [];
    const result = await apiDownload('/api/report/download/i1', {
      query: { interactionType: 'bqp', anonymize: false },
      onProgress: (progress) => seen.push(progress),
    });
    expect(seen).toEqual([
      { loaded: 0, total: 9 },
      { loaded: 3, total: 9 },
      { loaded: 9, total: 9 },
    ]);
    expect(result.fileName).toBe('r.pdf');
    expect(result.blob.size).toBe(9);
    expect(result.blob.type).toBe('application/pdf');
    expect(getLoadingCount()).toBe(0);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/report/download/i1?interactionType=bqp&anonymize=false');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(init?.headers).toMatchObject({ 'X-Source': 'web', Accept: 'application/json' });
  });

  it('reports an unknown total as null', async () => {
    fetchMock.mockResolvedValue(chunkedResponse([[1, 2]]));
    const seen: DownloadProgress[] = [];
    await apiDownload('/x', { onProgress: (progress) => seen.push(progress) });
    expect(seen.at(-1)).toEqual({ loaded: 2, total: null });
  });

  it('throws an ApiError read from the binary error body and lowers the loading counter', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ errorKey: 'error.result.not_ready', message: 'x' }, 409));
    const failure = await apiDownload('/x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, errorKey: 'error.result.not_ready' });
    expect(getLoadingCount()).toBe(0);
  });

  it('turns a network failure into error.network and a 401 on an evaluator page into the login redirect', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiDownload('/x')).rejects.toMatchObject({ status: 0, errorKey: 'error.network' });
    window.history.replaceState(null, '', '/BQ_RISK/client/c1');
    fetchMock.mockResolvedValueOnce(jsonResponse({ errorKey: 'error.auth.unauthorized', message: 'x' }, 401));
    await expect(apiDownload('/x')).rejects.toMatchObject({ status: 401, redirectedToLogin: true });
    expect(navigate).toHaveBeenCalledWith(`/login?redirectUrl=${encodeURIComponent('/BQ_RISK/client/c1')}`);
  });
});

// One PDF download on a participant page (the report, its mailed link, the certificate). Spec section 4: the loading
// flag is set at the start and cleared at the end, on success and failure alike; with progress and the outcome for
// PdfDownloadStatus. lib/use-file-download does the same in the evaluator app, worded through i18next and Mantine.
import { useCallback, useRef, useState } from 'react';
import type { DownloadProgress } from '../lib/api-download';

export type PdfDownloadState =
  | { phase: 'idle' }
  | { phase: 'downloading'; progress: DownloadProgress | null }
  | { phase: 'done'; fileName: string }
  /** message: the failure as the caller's describeError worded it; null: PdfDownloadStatus words it from the page's texts. */
  | { phase: 'error'; error: unknown; message: string | null };

/** Runs the download, reporting progress; resolves with the saved file's name. */
export type PdfDownloadRun = (onProgress: (progress: DownloadProgress) => void) => Promise<string>;

export interface PdfDownloadOptions {
  /** Words a failure another way than the page's loaded texts (the report asks for its ERROR text in its own language). */
  describeError?: (error: unknown) => Promise<string | null>;
}

export function usePdfDownload() {
  const [state, setState] = useState<PdfDownloadState>({ phase: 'idle' });
  // A second click while a download runs must not start another one (the state may not have re-rendered yet).
  const running = useRef(false);
  const start = useCallback(async (run: PdfDownloadRun, options: PdfDownloadOptions = {}) => {
    if (running.current) return;
    running.current = true;
    setState({ phase: 'downloading', progress: null });
    try {
      const fileName = await run((progress) => setState({ phase: 'downloading', progress }));
      setState({ phase: 'done', fileName });
    } catch (error) {
      const message = options.describeError ? await options.describeError(error).catch(() => null) : null;
      setState({ phase: 'error', error, message });
    } finally {
      running.current = false;
    }
  }, []);
  /** Back to idle (not while a download runs): the options that named the last file changed. */
  const reset = useCallback(() => {
    if (!running.current) setState({ phase: 'idle' });
  }, []);
  return { state, start, reset };
}

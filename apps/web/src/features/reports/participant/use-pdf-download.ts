// One PDF download on a participant page (spec section 4: the loading flag is set at the start and cleared at the
// end, on success and failure alike), with progress and the outcome. lib/use-file-download does the same in the
// evaluator app but words its errors through i18next and Mantine (lib/notify); here the page words them.
import { useCallback, useRef, useState } from 'react';
import type { DownloadProgress } from '../../../lib/api-download';

export type PdfDownloadState =
  | { phase: 'idle' }
  | { phase: 'downloading'; progress: DownloadProgress | null }
  | { phase: 'done'; fileName: string }
  | { phase: 'error'; error: unknown };

/** Runs the download, reporting progress; resolves with the saved file's name. */
export type PdfDownloadRun = (onProgress: (progress: DownloadProgress) => void) => Promise<string>;

export function usePdfDownload() {
  const [state, setState] = useState<PdfDownloadState>({ phase: 'idle' });
  // A second click while a download runs must not start another one (the state may not have re-rendered yet).
  const running = useRef(false);
  const start = useCallback(async (run: PdfDownloadRun) => {
    if (running.current) return;
    running.current = true;
    setState({ phase: 'downloading', progress: null });
    try {
      const fileName = await run((progress) => setState({ phase: 'downloading', progress }));
      setState({ phase: 'done', fileName });
    } catch (error) {
      setState({ phase: 'error', error });
    } finally {
      running.current = false;
    }
  }, []);
  return { state, start };
}

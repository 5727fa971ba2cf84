// State of one file download shown on a page (spec section 4: report and certificate downloads set a loading flag at
// start and clear it at the end, on success and failure alike), with progress and a message for the live region.
import { useCallback, useRef, useState } from 'react';
import type { DownloadProgress } from './api-download';
import { apiErrorMessage } from './notify';

export type DownloadPhase = 'idle' | 'downloading' | 'done' | 'error';

/** Runs the download, reporting progress; resolves with the saved file's name. */
export type DownloadRun = (onProgress: (progress: DownloadProgress) => void) => Promise<string>;

export interface FileDownload {
  /** The loading flag: true from the start of a download until it ends, however it ends. */
  downloading: boolean;
  phase: DownloadPhase;
  progress: DownloadProgress | null;
  /** The saved file's name after success. */
  fileName: string | null;
  /** The translated reason after a failure. */
  errorMessage: string | null;
  start: (run: DownloadRun) => Promise<void>;
  /** Back to idle (not while a download runs), e.g. when the options that named the last file change. */
  reset: () => void;
}

interface Options {
  /** Translation key for failures whose errorKey has no text of its own. */
  fallbackKey?: string;
}

export function useFileDownload({ fallbackKey }: Options = {}): FileDownload {
  const [downloading, setDownloading] = useState(false);
  const [phase, setPhase] = useState<DownloadPhase>('idle');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  // A second click while a download runs must not start another one (the state may not have re-rendered yet).
  const running = useRef(false);

  const start = useCallback(
    async (run: DownloadRun) => {
      if (running.current) return;
      running.current = true;
      setDownloading(true);
      setPhase('downloading');
      setProgress(null);
      setFileName(null);
      setErrorMessage(null);
      try {
        const saved = await run(setProgress);
        setFileName(saved);
        setPhase('done');
      } catch (error) {
        setErrorMessage(apiErrorMessage(error, { fallbackKey }));
        setPhase('error');
      } finally {
        running.current = false;
        setDownloading(false);
      }
    },
    [fallbackKey],
  );

  const reset = useCallback(() => {
    if (running.current) return;
    setPhase('idle');
    setProgress(null);
    setFileName(null);
    setErrorMessage(null);
  }, []);

  return { downloading, phase, progress, fileName, errorMessage, start, reset };
}

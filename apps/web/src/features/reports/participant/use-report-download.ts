// The PDF download's state on the report page (spec section 4: a loading flag from start to end, on success and
// failure alike), with progress and the outcome for the live region. Like lib/use-file-download, without i18next:
// a failure is worded in the report's language by its ERROR text, else the page's "download failed".
import { useCallback, useRef, useState } from 'react';
import type { Locale } from '@bq/domain/locales';
import type { DownloadProgress } from '../../../lib/api-download';
import { loadErrorText } from './report-error-text';

export type DownloadPhase = 'idle' | 'downloading' | 'done' | 'error';

export interface ReportDownload {
  phase: DownloadPhase;
  progress: DownloadProgress | null;
  /** The saved file's name after success. */
  fileName: string | null;
  /** The reason after a failure; null: the page's own "download failed". */
  errorText: string | null;
  start: (run: (onProgress: (progress: DownloadProgress) => void) => Promise<string>, locale: Locale) => void;
  /** Back to idle (not while a download runs): the options that named the last file changed. */
  reset: () => void;
}

export function useReportDownload(): ReportDownload {
  const [phase, setPhase] = useState<DownloadPhase>('idle');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  // A second click before the state re-rendered must not start another download.
  const running = useRef(false);

  const start = useCallback<ReportDownload['start']>((run, locale) => {
    if (running.current) return;
    running.current = true;
    setPhase('downloading');
    setProgress(null);
    setFileName(null);
    setErrorText(null);
    void run(setProgress)
      .then((saved) => {
        setFileName(saved);
        return 'done' as const;
      })
      .catch(async (error: unknown) => {
        setErrorText(await loadErrorText(locale, error));
        return 'error' as const;
      })
      .then((outcome) => {
        running.current = false;
        setPhase(outcome);
      });
  }, []);

  const reset = useCallback(() => {
    if (running.current) return;
    setPhase('idle');
    setProgress(null);
    setFileName(null);
    setErrorText(null);
  }, []);

  return { phase, progress, fileName, errorText, start, reset };
}

// The report's content for the page, without a query library (the participant entry has none): one GET per
// language and anonymisation, each answer kept for the page's life (switching back shows it at once), the shown
// version kept on screen while the next one loads, and a retry that asks again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TReportPageContent } from '@bq/contracts/reports';
import { fetchReportContent, type ReportContentParams } from '../api/get-report-content';

export interface ReportContentState {
  /** The latest content that arrived (possibly of the previous options while `fetching`). */
  data: TReportPageContent | null;
  /** The last call's failure, while no content of these options is there. */
  error: unknown;
  fetching: boolean;
  retry: () => void;
}

const keyOf = (params: ReportContentParams) =>
  [params.reportType, params.token, params.locale ?? '', params.anonymize].join('|');

export function useReportContent(params: ReportContentParams): ReportContentState {
  const cache = useRef(new Map<string, TReportPageContent>());
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<ReportContentState, 'retry'>>({ data: null, error: null, fetching: true });
  const key = keyOf(params);

  useEffect(() => {
    const known = cache.current.get(key);
    if (known) {
      setState({ data: known, error: null, fetching: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: null, fetching: true }));
    fetchReportContent(params, controller.signal).then(
      (content) => {
        cache.current.set(key, content);
        setState({ data: content, error: null, fetching: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, error, fetching: false }));
      },
    );
    return () => controller.abort();
    // `key` stands for the params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

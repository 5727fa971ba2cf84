// "File note (PDF)": the adviser's own document of a risk result (docs/decisions/0030): the limits in the adviser's
// words, what to explain first, the remarks and the consistency flag with its resolutions, which the client's report
// leaves out. Only on an open result with a risk profile, in the adviser's language. For a selection result the same
// call is the evaluator's "Selection report (PDF)" with the performance outlook the candidate's report leaves out (0082).
import { Button } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { useDownloadFileNote } from '../api/download-file-note';

export function FileNoteButton({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const selection = dashboard.prediction?.kind === 'PERFORMANCE';
  const download = useDownloadFileNote(
    dashboard.instanceToken,
    locale,
    selection ? 'results.documents.selectionReportFailed' : 'results.documents.fileNoteFailed',
  );
  if (dashboard.lockStatus === 'LOCKED' || !(dashboard.risk || selection)) return null;
  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconNotes size={18} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      data-testid={selection ? 'result-selection-report' : 'result-file-note'}
    >
      {t(selection ? 'results.documents.selectionReport' : 'results.documents.fileNote')}
    </Button>
  );
}

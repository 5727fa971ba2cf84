// The dashboard's heading: whose result, of which questionnaire, completed when, open how (trial or unlocked),
// the links to its report (and certificate), e-mailing the report to the client and the adviser's file note. The technical evidence is at
// the foot of the dashboard (ResultEvidence), behind a disclosure.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useFormat } from '../../../lib/formats';
import { FileNoteButton } from './FileNoteButton';
import { ResultLockBadge } from './ResultLockBadge';
import { ResultReportLinks } from './ResultReportLinks';
import { SendReportEmailButton } from './SendReportEmailButton';
import { clientDisplayName } from '../../../lib/client-display-name';

interface ResultHeaderProps {
  dashboard: TDashboard;
  /** The interaction's name in the current locale; null while the texts load. */
  interactionName: string | null;
}

export function ResultHeader({ dashboard, interactionName }: ResultHeaderProps) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const completed = t('results.header.completed', {
    date: formatDate(dashboard.filledAt ?? dashboard.calculatedAt),
  });
  return (
    <Stack gap={0} data-testid="result-header" mb="lg">
      <PageHeader
        title={t('results.header.title', {
          name: clientDisplayName(dashboard.client),
        })}
        description={interactionName ? `${interactionName} · ${completed}` : completed}
        actions={
          <>
            <ResultReportLinks dashboard={dashboard} />
            <SendReportEmailButton dashboard={dashboard} />
            <FileNoteButton dashboard={dashboard} />
            <ResultLockBadge status={dashboard.lockStatus} />
          </>
        }
      />
    </Stack>
  );
}

// /report/:reportDownloadToken/download: the page behind a mailed report link (auto report). It says which
// report it is, from whom, for whom and until when, and downloads the PDF with progress. An expired link (410)
// says so and how to get a new one; any other failure gets the general message.
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockX, IconDownload, IconFileAlert, IconFileTypePdf } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadStatus } from '../../../components/ui/DownloadStatus';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/formats';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadReport } from '../api/download-report';
import { useReportDownloadInfo } from '../api/get-report-download-info';
import { ReportSkeleton } from '../components/ReportSkeleton';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';

function ReportDownloadPageContent() {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const { reportDownloadToken: token = '' } = useParams();
  const info = useReportDownloadInfo(token);
  const download = useFileDownload({ fallbackKey: 'ERROR_AUTO_REPORT_GENERAL' });

  if (info.isPending) return <ReportSkeleton />;
  if (info.isError) {
    const expired = info.error instanceof ApiError && info.error.status === 410;
    return expired ? (
      <NoticePanel
        testId="report-link-expired"
        color="orange"
        icon={<IconClockX size={26} stroke={1.6} />}
        title={t('reportDownload.expired.title')}
        text={t('ERROR_AUTO_REPORT_EXPIRED')}
      />
    ) : (
      <NoticePanel
        testId="report-link-failed"
        color="red"
        icon={<IconFileAlert size={26} stroke={1.6} />}
        title={t('reportDownload.failed.title')}
        text={t('ERROR_AUTO_REPORT_GENERAL')}
      />
    );
  }

  const { data } = info;
  const startDownload = () =>
    void download.start((onProgress) =>
      downloadReport({ reportDownloadToken: token }, { onProgress, fileName: data.fileName }),
    );
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" data-testid="report-link-page">
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconFileTypePdf size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {t('reportDownload.title')}
        </Title>
        <Text data-testid="report-link-summary">
          {t('reportDownload.summary', {
            interactionName: data.interactionName,
            accountName: data.accountName,
            clientFirstName: data.clientFirstName,
            clientLastName: data.clientLastName,
            date: formatDate(data.expiresAt),
          })}
        </Text>
        <div>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={startDownload}
            loading={download.downloading}
            data-testid="report-link-download"
          >
            {t('reportDownload.download')}
          </Button>
        </div>
        <DownloadStatus download={download} />
      </Stack>
    </Paper>
  );
}

/** The page in the firm's own frame (docs/decisions/0055), read with the page's own token. */
export function ReportDownloadPage() {
  const { reportDownloadToken: brandToken = '' } = useParams();
  const { t } = useTranslation();
  return (
    <ParticipantBrand token={brandToken} poweredByLabel={t('branding.poweredBy')}>
      <ReportDownloadPageContent />
    </ParticipantBrand>
  );
}

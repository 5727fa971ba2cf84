// Progress and outcome of a file download: a bar (bytes read of Content-Length, indeterminate without a length)
// while it runs, and one live region that announces "Download finished" or the reason it failed.
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DownloadProgress } from '../../lib/api-download';
import { useFormat } from '../../lib/formats';
import { LabelledProgress } from './LabelledProgress';
import type { FileDownload } from '../../lib/use-file-download';

const KB = 1024;
const MB = KB * 1024;

function useByteFormat() {
  const { formatNumber } = useFormat();
  // Units are the same symbols in every language; the no-break space keeps number and unit together.
  return (bytes: number) => {
    if (bytes >= MB) return `${formatNumber(bytes / MB, 1)}\u00a0MB`;
    if (bytes >= KB) return `${formatNumber(bytes / KB, 0)}\u00a0KB`;
    return `${formatNumber(bytes, 0)}\u00a0B`;
  };
}

function DownloadBar({ progress }: { progress: DownloadProgress | null }) {
  const { t } = useTranslation();
  const formatBytes = useByteFormat();
  const loaded = progress?.loaded ?? 0;
  const total = progress?.total ?? null;
  if (total === null) {
    // Indeterminate: no aria-valuenow, so assistive technology does not announce a made-up percentage.
    return (
      <Progress.Root
        size="sm"
        role="progressbar"
        aria-label={t('download.progress.label')}
        aria-valuetext={t('download.progress.received', { loaded: formatBytes(loaded) })}
        data-testid="download-progress"
        data-indeterminate
      >
        <Progress.Section value={100} striped animated withAria={false} />
      </Progress.Root>
    );
  }
  const percent = Math.min(100, Math.round((loaded / total) * 100));
  const text = t('download.progress.bytes', {
    loaded: formatBytes(Math.min(loaded, total)),
    total: formatBytes(total),
  });
  return <LabelledProgress label={t('download.progress.label')} percent={percent} valueText={text} testId="download-progress" />;
}

export function DownloadStatus({ download }: { download: FileDownload }) {
  const { t } = useTranslation();
  const message =
    download.phase === 'done'
      ? t('download.finished', { fileName: download.fileName ?? '' })
      : download.phase === 'error'
        ? download.errorMessage
        : '';
  return (
    <Stack gap={6}>
      {download.downloading ? <DownloadBar progress={download.progress} /> : null}
      {/* Always in the DOM, so screen readers announce each change of its text. */}
      <Text
        size="sm"
        role="status"
        aria-live="polite"
        c={download.phase === 'error' ? 'red.8' : 'green.9'}
        data-testid="download-status"
        data-state={download.phase}
      >
        {message}
      </Text>
    </Stack>
  );
}

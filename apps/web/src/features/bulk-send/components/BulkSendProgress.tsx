// The progress of a bulk send, polled until it has finished: a bar of clients handled, the counts (created,
// invitations queued, not sent: each skipped client with the reason) and Stop, which takes effect before the next batch.
import { useEffect, useRef } from 'react';
import { Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { LabelledProgress } from '../../../components/ui/LabelledProgress';
import { useFormat } from '../../../lib/formats';
import { apiErrorMessage } from '../../../lib/notify';
import { useBulkSend } from '../api/get-bulk-send';
import { useStopBulkSend } from '../api/stop-bulk-send';
import { ReviewStartSummary } from '../../yearly-review/components/ReviewStartSummary';
import { SkippedClients } from './SkippedClients';

export function BulkSendProgress({ id, onClose, onFinished }: { id: string; onClose: () => void; onFinished: () => void }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const query = useBulkSend(id);
  const stop = useStopBulkSend();
  const finished = query.data?.finished ?? false;
  const reported = useRef(false);
  useEffect(() => {
    if (finished && !reported.current) {
      reported.current = true;
      onFinished();
    }
  }, [finished, onFinished]);

  if (query.isError && !query.data) {
    return <ErrorState title={t('bulkSend.progress.loadFailed')} message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const progress = query.data;
  if (!progress) return <Progress value={0} aria-hidden />;
  const handled = progress.created + progress.failed;
  const percent = progress.total === 0 ? 100 : Math.min(100, Math.round((handled / progress.total) * 100));
  const countsText = t('bulkSend.progress.counts', { done: formatNumber(handled, 0), total: formatNumber(progress.total, 0), count: progress.total });
  return (
    <Stack gap="md" data-testid="bulk-send-progress" data-status={progress.status}>
      <Text size="sm" fw={600} role="status" data-testid="bulk-send-status">
        {t(`bulkSend.progress.status.${progress.status}`)}
      </Text>
      <LabelledProgress
        label={t('bulkSend.progress.label')}
        percent={percent}
        valueText={countsText}
        testId="bulk-send-bar-progress"
        size="lg"
        color={progress.status === 'STOPPED' ? 'orange' : undefined}
        running={!finished}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Count label={t('bulkSend.progress.created')} value={formatNumber(progress.created, 0)} testId="bulk-send-created" />
        <Count label={t('bulkSend.progress.mailed')} value={formatNumber(progress.mailed, 0)} testId="bulk-send-mailed" />
        <Count label={t('bulkSend.progress.failed')} value={formatNumber(progress.failed, 0)} testId="bulk-send-failed" />
      </SimpleGrid>
      {progress.failed > 0 ? <SkippedClients progress={progress} /> : null}
      {progress.startFromPrevious ? <ReviewStartSummary progress={progress} /> : null}
      {progress.mailed > 0 ? (
        <Text size="sm" c="dimmed">
          {t('bulkSend.progress.mailsLeave')}
        </Text>
      ) : null}
      {stop.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {apiErrorMessage(stop.error)}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {finished ? null : (
          <Button color="red" variant="light" loading={stop.isPending} disabled={progress.status === 'STOPPING'} onClick={() => stop.mutate(id)} data-testid="bulk-send-stop">
            {t('bulkSend.progress.stop')}
          </Button>
        )}
        <Button variant={finished ? 'filled' : 'default'} onClick={onClose} data-testid="bulk-send-close">
          {t('bulkSend.progress.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function Count({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

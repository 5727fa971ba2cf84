// What the daily retention job removes within the next 30 days, per data class (counts, never names).
import { Alert, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TRetentionCounts } from '@bq/contracts/retention';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useFormat } from '../../../lib/formats';
import { useRetentionPreview } from '../api/get-retention-preview';

const CLASSES: (keyof TRetentionCounts)[] = ['advisoryResults', 'selectionResults', 'clients', 'mails'];

export function RetentionPreview() {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const preview = useRetentionPreview();
  if (preview.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    );
  }
  if (preview.isError) {
    return <ErrorState title={t('retention.preview.errorTitle')} message={t('retention.preview.errorText')} onRetry={() => void preview.refetch()} />;
  }
  const { counts, until, auditEventsPastRetention } = preview.data;
  const total = CLASSES.reduce((sum, key) => sum + counts[key], 0);
  return (
    <Stack gap="sm" data-testid="retention-preview">
      <Text size="sm">{t('retention.preview.lead', { date: formatDate(until) })}</Text>
      {total === 0 ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="retention-preview-empty">
          {t('retention.preview.empty')}
        </Alert>
      ) : (
        <Table withTableBorder maw={560}>
          <Table.Caption>{t('retention.preview.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('retention.preview.class')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('retention.preview.count')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CLASSES.map((key) => (
              <Table.Tr key={key} data-testid={`retention-preview-${key}`}>
                <Table.Th scope="row" fw="normal">
                  {t(`retention.preview.${key}`)}
                </Table.Th>
                <Table.Td ta="right">{counts[key]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {auditEventsPastRetention > 0 ? (
        <Text size="sm" c="dimmed">
          {t('retention.preview.auditPast', { count: auditEventsPastRetention })}
        </Text>
      ) : null}
    </Stack>
  );
}

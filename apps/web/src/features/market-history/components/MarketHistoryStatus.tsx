// What market history the risk dashboards use: source file, months, date range, the last complete month the
// windows use, when it was imported and a short fingerprint; or that none is imported.
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartLine, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';
import type { MarketHistoryStatus as TMarketHistoryStatus } from '../api/get-market-history';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

export function MarketHistoryStatus({ status }: { status: TMarketHistoryStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!status.imported) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t('marketHistory.empty.title')}
        role="status"
        data-testid="market-history-empty"
      >
        {t('marketHistory.empty.text')}
      </Alert>
    );
  }
  return (
    <Stack gap="md" data-testid="market-history-status">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label={t('marketHistory.status.source')} value={status.source ?? '–'} />
        <Fact
          label={t('marketHistory.status.months')}
          value={t('marketHistory.status.monthsValue', { months: format.formatNumber(status.rowCount, 0) })}
        />
        <Fact
          label={t('marketHistory.status.range')}
          value={`${status.firstDate ?? '–'} – ${status.lastDate ?? '–'}`}
        />
        <Fact
          label={t('marketHistory.status.importedAt')}
          value={status.importedAt ? format.formatDateTime(status.importedAt) : '–'}
        />
        <Fact
          label={t('marketHistory.status.sha256')}
          value={status.sha256 ? status.sha256.slice(0, 12) : '–'}
        />
      </SimpleGrid>
      {status.lastCompleteDate ? (
        <Alert color="blue" variant="light" icon={<IconChartLine aria-hidden />} role="note">
          {t('marketHistory.status.lastComplete', { date: status.lastCompleteDate })}
        </Alert>
      ) : null}
    </Stack>
  );
}

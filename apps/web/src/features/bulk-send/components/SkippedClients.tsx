// Every client a bulk send skipped, by name, with the reason and the date behind it ("Has an open questionnaire,
// sent on 12/01/2026"; "Answered on 11/20/2026, within the last 3 months"), so the adviser can follow each one up
// (decision 0084). The server lists up to 1,000; beyond that the count says how many more there are.
import { Box, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKeyToTranslationKey, fallbackErrorTranslationKey } from '@bq/domain/error-keys';
import type { TBulkSendProgress } from '@bq/contracts/bulk-send';
import { useFormat } from '../../../lib/formats';

type Failure = TBulkSendProgress['failures'][number];

function useReason() {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  return (failure: Failure, months: number): string => {
    const date = failure.since ? formatDate(failure.since) : '';
    switch (failure.errorKey) {
      case 'error.bulk_send.already_open':
        return date ? t('bulkSend.skipped.alreadyOpen', { date }) : t('bulkSend.skipped.alreadyOpenUndated');
      case 'error.bulk_send.recent_result':
        return t('bulkSend.skipped.recentResult', { date, count: months });
      case 'error.data_rights.already_erased':
        return t('bulkSend.skipped.erased');
      case 'error.client.inactive':
        return t('bulkSend.skipped.inactive');
      case 'error.interaction.limit_reached':
        return t('bulkSend.skipped.limit');
      case 'error.not_found':
        return t('bulkSend.skipped.notFound');
      default:
        return t(errorKeyToTranslationKey(failure.errorKey) ?? fallbackErrorTranslationKey);
    }
  };
}

export function SkippedClients({ progress }: { progress: TBulkSendProgress }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const reason = useReason();
  const more = progress.failed - progress.failures.length;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="bulk-send-failures-heading">
        {t('bulkSend.progress.failures')}
      </Text>
      {/* A long list scrolls in its own region, reachable by keyboard (tabIndex), so the counts and buttons stay in view. */}
      <Box role="region" aria-labelledby="bulk-send-failures-heading" tabIndex={0} mah={240} style={{ overflowY: 'auto' }}>
        <List size="sm" spacing={4} data-testid="bulk-send-failures">
          {progress.failures.map((failure) => (
            <List.Item key={failure.clientToken} data-testid="bulk-send-failure" data-error-key={failure.errorKey}>
              <Text span size="sm" fw={600}>
                {failure.clientName ?? t('bulkSend.skipped.unknownClient', { token: failure.clientToken })}
              </Text>
              {': '}
              {reason(failure, progress.skipResultsWithinMonths)}
            </List.Item>
          ))}
        </List>
      </Box>
      {more > 0 ? (
        <Text size="sm" c="dimmed" data-testid="bulk-send-failures-more">
          {t('bulkSend.skipped.more', { count: more, countText: formatNumber(more, 0) })}
        </Text>
      ) : null}
    </Stack>
  );
}

// In a bulk send's summary, when it started each questionnaire from the previous answers (the month's review round,
// docs/decisions/0093 addendum): how many started from their answers, and how many clients had none and so answer an
// empty questionnaire; they are not skipped, so the skipped list does not name them.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TBulkSendProgress } from '@bq/contracts/bulk-send';
import { useFormat } from '../../../lib/formats';

export function ReviewStartSummary({ progress }: { progress: TBulkSendProgress }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const fromPrevious = progress.created - progress.startedEmpty;
  return (
    <Text size="sm" data-testid="bulk-send-review-summary">
      {t('review.bulk.fromPrevious', { count: fromPrevious, countText: formatNumber(fromPrevious, 0) })}
      {progress.startedEmpty > 0 ? ` ${t('review.bulk.startedEmpty', { count: progress.startedEmpty, countText: formatNumber(progress.startedEmpty, 0) })}` : ''}
    </Text>
  );
}

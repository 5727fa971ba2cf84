// How the result came about, so an adviser can show a regulator: norm version (and that provisional norms are
// expert estimates), questionnaire and algorithm versions, when it was calculated, and the answers' fingerprint.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';

const SHORT_HASH = 12;

export function ResultEvidence({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const { evidence } = dashboard;
  const provisional = evidence.normStatus === 'PROVISIONAL';
  return (
    <div
      data-testid="result-evidence"
      data-norm-status={evidence.normStatus}
      data-hash={evidence.answersHash}
    >
      <Text size="xs" c="dimmed">
        {t('results.evidence.line', {
          norm: evidence.normVersion,
          definition: evidence.definitionVersion,
          algorithm: evidence.algorithmVersion,
          calculated: formatDateTime(dashboard.calculatedAt),
        })}{' '}
        {t('results.evidence.hash')}{' '}
        <Text span ff="monospace" size="xs" title={evidence.answersHash}>
          {evidence.answersHash.slice(0, SHORT_HASH)}
        </Text>
      </Text>
      {provisional ? (
        <Text size="xs" c="dimmed" fs="italic" data-testid="result-provisional-norms">
          {t('results.evidence.provisional')}
        </Text>
      ) : null}
    </div>
  );
}

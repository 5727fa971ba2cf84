// The consistency flag: tolerance, capacity for loss and the client's own estimate disagree strongly. Regulators
// forbid relying on self-assessment alone, so the adviser is asked to review the profile with the client.
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TRiskProfile } from '@bq/contracts/dashboard';

const KNOWN_REASONS = ['tolerance_vs_capacity', 'tolerance_vs_self_estimate'];

export function ConsistencyFlag({ risk }: { risk: TRiskProfile }) {
  const { t } = useTranslation();
  const values = { tolerance: risk.toleranceClass, self: risk.selfEstimate ?? '–' };
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('results.risk.consistency.title')}
      data-testid="risk-consistency-flag"
    >
      <List size="sm" mb="xs">
        {risk.consistency.reasons.map((reason) => (
          <List.Item key={reason} data-reason={reason}>
            {KNOWN_REASONS.includes(reason)
              ? t(`results.risk.consistency.reason.${reason}`, values)
              : t('results.risk.consistency.reason.other', { reason })}
          </List.Item>
        ))}
      </List>
      <Text size="sm" fw={500}>
        {t('results.risk.consistency.review')}
      </Text>
    </Alert>
  );
}

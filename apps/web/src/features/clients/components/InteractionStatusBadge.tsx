// The status of an interaction instance (spec section 4) as a translated, coloured badge.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TInstanceSummary } from '@bq/contracts/clients';
import { FULL_TEXT_BADGE, INTERACTION_STATUS_COLORS } from '../status-colors';

export function InteractionStatusBadge({ status }: { status: TInstanceSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      {...FULL_TEXT_BADGE}
      variant="light"
      color={INTERACTION_STATUS_COLORS[status]}
      data-testid="interaction-status"
      data-status={status}
    >
      {t(`interactionStatus.${status}`)}
    </Badge>
  );
}

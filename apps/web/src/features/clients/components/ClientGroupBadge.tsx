// A client's group (Prospect / Established) as a badge.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClientGroup } from '@bq/domain/client-rules';
import { FULL_TEXT_BADGE, GROUP_COLORS } from '../status-colors';

export function ClientGroupBadge({ group }: { group: ClientGroup }) {
  const { t } = useTranslation();
  return (
    <Badge
      {...FULL_TEXT_BADGE}
      variant="light"
      color={GROUP_COLORS[group]}
      data-testid="client-group-badge"
      data-group={group}
    >
      {t(`clientGroup.${group}`)}
    </Badge>
  );
}

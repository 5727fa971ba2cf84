// "Lead · website": a prospect who came through a public start link (docs/decisions/0092 addendum), in the list's row,
// the phone's card and on the client's page. Gone once the adviser makes them an established client.
import { Badge } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isWebsiteLead, type ClientGroup, type ClientSource } from '@bq/domain/client-rules';
import { FULL_TEXT_BADGE, GROUP_COLORS } from '../status-colors';

export function WebsiteLeadBadge({ client }: { client: { group: ClientGroup; source: ClientSource | null } }) {
  const { t } = useTranslation();
  if (!isWebsiteLead(client)) return null;
  return (
    <Badge
      {...FULL_TEXT_BADGE}
      variant="outline"
      color={GROUP_COLORS.PROSPECT}
      leftSection={<IconWorldWww size={12} aria-hidden />}
      title={t('clients.lead.websiteTitle')}
      data-testid="client-website-lead-badge"
    >
      {t('clients.lead.website')}
    </Badge>
  );
}

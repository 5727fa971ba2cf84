// The client page's body: the interactions, and for holders of AUDIT_LOG a second tab with the client's access
// history (who viewed, changed or downloaded this client's data). Without the permission there is no tab bar at all.
// The history is loaded only when its tab is opened: reading the trail is itself recorded.
import { useState, type ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { IconClipboardList, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { canReadAuditLog } from '../../audit/audit-access';
import { ClientAccessHistory } from '../../audit/components/ClientAccessHistory';

export function ClientTabs({ clientToken, interactions }: { clientToken: string; interactions: ReactNode }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [tab, setTab] = useState<string | null>('interactions');
  if (!canReadAuditLog(user.permissions)) return <>{interactions}</>;
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} data-testid="client-tabs">
      <Tabs.List mb="md">
        <Tabs.Tab
          value="interactions"
          leftSection={<IconClipboardList size={16} aria-hidden />}
          data-testid="client-tab-interactions"
        >
          {t('clients.interactions.title')}
        </Tabs.Tab>
        <Tabs.Tab
          value="access"
          leftSection={<IconHistory size={16} aria-hidden />}
          data-testid="client-tab-access"
        >
          {t('audit.client.tab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="interactions">{interactions}</Tabs.Panel>
      <Tabs.Panel value="access">
        <ClientAccessHistory clientToken={clientToken} />
      </Tabs.Panel>
    </Tabs>
  );
}

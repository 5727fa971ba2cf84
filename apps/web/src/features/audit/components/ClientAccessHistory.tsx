// A client's "Access history" (on the client's page, for holders of AUDIT_LOG): every event that names this client's
// token, newest first: who viewed, listed, changed, unlocked or downloaded it, refusals included, and the same as a
// file. An export of many clients at once (the data export) names no single client: a link opens those.
import { useMemo } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { EMPTY_AUDIT_FILTER } from '../api/list-audit-events';
import { AuditEventsPanel } from './AuditEventsPanel';
import { AuditExportMenu } from './AuditExportMenu';

export function ClientAccessHistory({ clientToken }: { clientToken: string }) {
  const { t } = useTranslation();
  const filter = useMemo(() => ({ ...EMPTY_AUDIT_FILTER, clientToken }), [clientToken]);
  const headingId = `client-access-history-${clientToken}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="client-access-history"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 18rem' }}>
            <Title order={2} fz="h4" id={headingId}>
              {t('audit.client.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('audit.client.lead')}{' '}
              <Anchor
                component={AppLink}
                to="/settings/audit?action=export.download"
                underline="always"
                data-testid="client-access-exports-link"
              >
                {t('audit.client.exportsLink')}
              </Anchor>
            </Text>
          </Stack>
          <AuditExportMenu filter={filter} />
        </Group>
        <AuditEventsPanel filter={filter} emptyText={t('audit.client.empty')} />
      </Stack>
    </Paper>
  );
}

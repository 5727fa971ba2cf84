// The audit events on a phone: one card per event instead of a table that would scroll sideways; the same facts as
// the table's row (when, who, what, about which client and result, outcome, details).
import { Badge, Card, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAuditEvent } from '@bq/contracts/audit';
import { useFormat } from '../../../lib/formats';

const wrap = { overflowWrap: 'anywhere' } as const;

export function AuditEventCards({ events }: { events: TAuditEvent[] }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('audit.table.caption')}
      data-testid="audit-cards"
    >
      {events.map((e) => (
        <Card component="li" withBorder radius="md" p="sm" key={e.id} data-testid="audit-card">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Code>{e.action}</Code>
              <Badge color={e.outcome === 'ALLOWED' ? 'teal' : 'red'} variant="light">
                {t(`audit.outcome.${e.outcome}`)}
              </Badge>
            </Group>
            <Text size="sm">{formatDateTime(e.occurredAt)}</Text>
            <Text size="sm" fw={500} style={wrap}>
              {t(`audit.actor.${e.actorKind}`)}
              {e.actorName ? `: ${e.actorName}` : null}
            </Text>
            {e.clientToken || e.resultToken ? (
              <Text size="xs" ff="monospace" style={wrap}>
                {e.clientToken ? `${t('audit.table.client')}: ${e.clientToken}` : null}
                {e.clientToken && e.resultToken ? <br /> : null}
                {e.resultToken ? `${t('audit.table.result')}: ${e.resultToken}` : null}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" ff="monospace" style={wrap}>
              #{e.seq} · {e.ip ?? '–'} · {JSON.stringify(e.details)}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

// The audit events where the table would not fit (a phone, a narrow window): one card per event with the same facts
// as the table's row, in the same words (AuditEventParts).
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAuditEvent } from '@bq/contracts/audit';
import { useFormat } from '../../../lib/formats';
import { EventAction, EventActor, EventDetails } from './AuditEventParts';

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
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <EventAction event={e} />
              <Badge color={e.outcome === 'ALLOWED' ? 'teal' : 'red'} variant="light" miw="max-content">
                {t(`audit.outcome.${e.outcome}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {formatDateTime(e.occurredAt)}{' '}
              <Text span size="xs" c="dimmed">
                #{e.seq} · {e.ip ?? '–'}
              </Text>
            </Text>
            <EventActor event={e} />
            <EventDetails event={e} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

// One row per audit event, in words (docs/decisions/0080): when (with #seq and IP), who (name and e-mail, the id
// secondary), what (the action's words, its code beneath, the client's and result's tokens), allowed or refused, and
// the details as phrases. Five columns in at least 700 px: the Settings page at 1366 px has about 736 px for it
// (1366 - 250 sidebar - 40 padding, 3/4 of it beside the settings menu, minus the section's padding), so nothing is
// cut; below that the panel shows cards (AuditEventsPanel.module.css).
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAuditEvent } from '@bq/contracts/audit';
import { useFormat } from '../../../lib/formats';
import { EventAction, EventActor, EventDetails } from './AuditEventParts';

export const AUDIT_TABLE_MIN_WIDTH = 700;

export function AuditEventTable({ events }: { events: TAuditEvent[] }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  return (
    <Table.ScrollContainer minWidth={AUDIT_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="xs" data-testid="audit-table" style={{ tableLayout: 'fixed' }}>
        <Table.Caption>{t('audit.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={120}>
              {t('audit.table.time')}
            </Table.Th>
            <Table.Th scope="col" w="24%">
              {t('audit.table.actor')}
            </Table.Th>
            <Table.Th scope="col" w="30%">
              {t('audit.table.action')}
            </Table.Th>
            <Table.Th scope="col" w={96}>
              {t('audit.table.outcome')}
            </Table.Th>
            <Table.Th scope="col">{t('audit.table.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-testid="audit-row">
              <Table.Td>
                <Text size="sm">{formatDateTime(e.occurredAt)}</Text>
                <Text size="xs" c="dimmed">
                  #{e.seq} · {e.ip ?? '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                <EventActor event={e} />
              </Table.Td>
              <Table.Td>
                <EventAction event={e} />
              </Table.Td>
              <Table.Td>
                {/* Never cut to "ALLOW…" when the table is narrow. */}
                <Badge color={e.outcome === 'ALLOWED' ? 'teal' : 'red'} variant="light" miw="max-content">
                  {t(`audit.outcome.${e.outcome}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <EventDetails event={e} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

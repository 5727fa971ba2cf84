// One row per audit event: when, who (kind and id), what, about which client and result (their tokens), allowed
// or refused, and the details (filter, row count, changed fields) as compact JSON.
import { Badge, Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAuditEvent } from '@bq/contracts/audit';
import { useFormat } from '../../../lib/formats';

export function AuditEventTable({ events }: { events: TAuditEvent[] }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" data-testid="audit-table">
        <Table.Caption>{t('audit.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('audit.table.time')}</Table.Th>
            <Table.Th scope="col">{t('audit.table.actor')}</Table.Th>
            <Table.Th scope="col">{t('audit.table.action')}</Table.Th>
            <Table.Th scope="col">{t('audit.table.subject')}</Table.Th>
            <Table.Th scope="col">{t('audit.table.outcome')}</Table.Th>
            <Table.Th scope="col">{t('audit.table.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-testid="audit-row">
              <Table.Td>
                {formatDateTime(e.occurredAt)}
                <Text size="xs" c="dimmed">
                  #{e.seq} · {e.ip ?? '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                {t(`audit.actor.${e.actorKind}`)}
                {e.actorName ? (
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="audit-actor-name">
                    {e.actorName}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {e.actorId ?? '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{e.action}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {e.clientToken ? `${t('audit.table.client')}: ${e.clientToken}` : null}
                  {e.clientToken && e.resultToken ? <br /> : null}
                  {e.resultToken ? `${t('audit.table.result')}: ${e.resultToken}` : null}
                  {!e.clientToken && !e.resultToken ? '–' : null}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* Never cut to "ALLOW…" when the table is narrow. */}
                <Badge color={e.outcome === 'ALLOWED' ? 'teal' : 'red'} variant="light" miw="max-content">
                  {t(`audit.outcome.${e.outcome}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {JSON.stringify(e.details)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

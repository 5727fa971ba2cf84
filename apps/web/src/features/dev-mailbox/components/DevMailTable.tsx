// The developer mailbox's list: one row per mail, newest first. The subject is a button that opens the mail
// below the table, so every mail is reachable by keyboard; the open one is marked as current.
import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDevMailboxItem } from '@bq/contracts/mail';
import { useFormat } from '../../../lib/formats';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';

const STATUS_COLORS: Record<TDevMailboxItem['status'], string> = {
  PENDING: 'gray',
  SENDING: 'blue',
  SENT: 'green',
  FAILED: 'red',
};

interface DevMailTableProps {
  mails: TDevMailboxItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function DevMailTable({ mails, selectedId, onSelect }: DevMailTableProps) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="dev-mailbox-table">
        <Table.Caption>{t('devMailbox.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('devMailbox.column.createdAt')}</Table.Th>
            <Table.Th scope="col">{t('devMailbox.column.to')}</Table.Th>
            <Table.Th scope="col">{t('devMailbox.column.subject')}</Table.Th>
            <Table.Th scope="col">{t('devMailbox.column.kind')}</Table.Th>
            <Table.Th scope="col">{t('devMailbox.column.locale')}</Table.Th>
            <Table.Th scope="col">{t('devMailbox.column.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => {
            const selected = mail.id === selectedId;
            return (
              <Table.Tr
                key={mail.id}
                data-testid={`dev-mail-row-${mail.id}`}
                bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {mail.to}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onSelect(mail.id)}
                    aria-current={selected ? 'true' : undefined}
                    fw={selected ? 700 : 500}
                    c="var(--mantine-color-anchor)"
                    style={{ textDecoration: 'underline', textAlign: 'start' }}
                    data-testid="dev-mail-open"
                  >
                    {mail.subject}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{t(`devMailbox.kind.${mail.kind}`)}</Table.Td>
                <Table.Td>{LOCALE_NATIVE_NAMES[mail.locale]}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[mail.status]} variant="light">
                    {t(`devMailbox.status.${mail.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

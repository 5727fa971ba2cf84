// One mail of the developer mailbox: subject, recipient and state, then the plain text (links clickable, so a
// tester can open the invitation "as the client"), the HTML version in a sandboxed frame (no scripts; links
// open in a new tab) and the header fields as delivered.
import { Fragment, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Code, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDevMail } from '@bq/contracts/mail';
import { useFormat } from '../../../lib/formats';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its http(s) links as real links; everything else stays text. */
function linkified(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer">
        {part}
      </Anchor>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** Links of the HTML part open in a new tab instead of inside the frame. */
function framed(html: string): string {
  return html.includes('<head>') ? html.replace('<head>', '<head><base target="_blank">') : `<base target="_blank">${html}`;
}

export function DevMailView({ mail }: { mail: TDevMail }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dev-mail-subject" data-testid="dev-mail-view">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="dev-mail-subject">
            {mail.subject}
          </Title>
          <Group gap="md" wrap="wrap">
            <Text size="sm">{t('devMailbox.detail.to', { to: mail.to })}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(mail.createdAt)}
            </Text>
            <Badge variant="light">{t(`devMailbox.status.${mail.status}`)}</Badge>
          </Group>
          {mail.file ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('devMailbox.detail.file')} <Code>{mail.file}</Code>
            </Text>
          ) : null}
          {mail.lastError ? (
            <Alert color="red" variant="light" title={t('devMailbox.detail.lastError')}>
              {mail.lastError}
            </Alert>
          ) : null}
        </Stack>
        <Tabs defaultValue="text" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="text">{t('devMailbox.detail.text')}</Tabs.Tab>
            <Tabs.Tab value="html">{t('devMailbox.detail.html')}</Tabs.Tab>
            <Tabs.Tab value="headers">{t('devMailbox.detail.headers')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="text" pt="md">
            <Text
              component="pre"
              size="sm"
              m={0}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
              data-testid="dev-mail-text"
            >
              {linkified(mail.text)}
            </Text>
          </Tabs.Panel>
          <Tabs.Panel value="html" pt="md">
            <iframe
              title={t('devMailbox.detail.htmlFrame')}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={framed(mail.html)}
              style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              data-testid="dev-mail-html"
            />
          </Tabs.Panel>
          <Tabs.Panel value="headers" pt="md">
            <Table withTableBorder verticalSpacing={4} data-testid="dev-mail-headers">
              <Table.Caption>{t('devMailbox.detail.headers')}</Table.Caption>
              <Table.Tbody>
                {mail.headers.map((header, i) => (
                  <Table.Tr key={`${header.name}-${i}`}>
                    <Table.Th scope="row" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                      {header.name}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{header.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

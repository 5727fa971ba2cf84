// "Send by email": a mailto: link (subject and body prepared and encoded by the server in the client's language,
// line breaks as CRLF) that opens the adviser's own mail program, with a preview of what it will contain.
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TInvite } from '@bq/contracts/instances';

function PreviewLine({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        size="sm"
        component="div"
        data-testid={testId}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </div>
  );
}

export function InviteEmail({ invite }: { invite: TInvite }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('interactions.email.lead')}
      </Text>
      <div>
        <Button
          component="a"
          href={invite.mailtoUrl}
          variant="light"
          leftSection={<IconMail size={18} aria-hidden />}
          data-testid="interaction-mailto"
        >
          {t('interactions.email.button')}
        </Button>
      </div>
      <Paper
        withBorder
        radius="md"
        p="md"
        bg="var(--mantine-color-gray-0)"
        aria-label={t('interactions.email.preview')}
        component="section"
      >
        <Stack gap="sm">
          <PreviewLine label={t('interactions.email.to')}>{invite.email.to || t('anonymisation.hidden')}</PreviewLine>
          <PreviewLine label={t('interactions.email.subject')} testId="interaction-email-subject">
            {invite.email.subject}
          </PreviewLine>
          <PreviewLine label={t('interactions.email.body')} testId="interaction-email-body">
            {invite.email.body}
          </PreviewLine>
        </Stack>
      </Paper>
    </Stack>
  );
}

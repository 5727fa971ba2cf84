// Shown in the send dialog when the server refused a send because the client already has an open questionnaire of
// this product (409 error.interaction.already_open, docs/decisions/0084): which one, since when, until when, and a
// way to look at it. The dialog's footer then asks whether a second one is really meant.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAlreadyOpenDetails } from '@bq/contracts/instances';
import { useFormat } from '../../../../lib/formats';

interface SecondOpenWarningProps {
  open: TAlreadyOpenDetails;
  clientName: string;
  /** The open questionnaire's page. */
  href: string;
  /** Following the link leaves the dialog: it closes first. */
  onLeave: () => void;
  /** What a second one means where it is sent from (the send dialog's text by default). */
  explainKey?: string;
}

export function SecondOpenWarning({ open, clientName, href, onLeave, explainKey = 'interactions.send.secondOpen.explain' }: SecondOpenWarningProps) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const date = formatDate(open.openSince);
  const sent = open.openStatus === 'OPENED' ? t('interactions.send.secondOpen.sentOpened', { date }) : t('interactions.send.secondOpen.sentNew', { date });
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('interactions.send.secondOpen.title', { name: clientName })}
      data-testid="send-interaction-second-open"
    >
      <Stack gap={4}>
        <Text size="sm" data-testid="send-interaction-second-open-dates">
          {sent}
          {open.openExpiresAt ? ` ${t('interactions.send.secondOpen.expires', { date: formatDate(open.openExpiresAt) })}` : ''}
        </Text>
        <Text size="sm">{t(explainKey)}</Text>
        <Anchor component={Link} to={href} onClick={onLeave} size="sm" data-testid="send-interaction-second-open-view">
          {t('interactions.send.secondOpen.view')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

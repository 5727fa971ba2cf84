// The client view's head: initials, name, state, contact details and language, the group control and the
// actions (edit, deactivate / activate) for users who may change clients. A client anonymised for the viewer shows
// the name the server sends ("Client 12" or stars), a hint instead of the e-mail, and no edit of identity fields.
// An erased client has no actions here at all, and the header says why.
import { useDisclosure } from '@mantine/hooks';
import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TClientProfile } from '@bq/contracts/clients';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { clientDisplayName, isAnonymisedClient } from '../../../lib/client-display-name';
import { useFormat } from '../../../lib/formats';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { AddToComparisonButton } from './AddToComparisonButton';
import { ClientActivation } from './ClientActivation';
import { ClientGroupControl } from './ClientGroupControl';
import { WebsiteLeadBadge } from './WebsiteLeadBadge';
import { ClientWeightProfile } from './ClientWeightProfile';
import { EditClientModal } from './EditClientModal';

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function ClientHeader({ client, canUpdate }: { client: TClientProfile; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const [editing, { open: openEdit, close: closeEdit }] = useDisclosure(false);
  const anonymised = isAnonymisedClient(client);
  // An erased client (docs/decisions/0043) is a pseudonym: no address to write to, nothing of who they were to edit.
  const erased = Boolean(client.erasedAt);

  return (
    <Paper withBorder radius="md" p="lg" mb="lg" data-testid="client-header">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar size={56} radius="xl" color={client.active ? 'brand' : 'gray'} aria-hidden>
            {client.initials}
          </Avatar>
          {/* May shrink beside the avatar: a long address wraps instead of widening a phone's page. */}
          <Stack gap={4} miw={0}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} fz="h2" data-testid="client-name">
                {clientDisplayName(client)}
              </Title>
              <WebsiteLeadBadge client={client} />
              {anonymised ? (
                <Badge color="gray" variant="light" data-testid="client-anonymised-badge">
                  {t('anonymisation.badge')}
                </Badge>
              ) : null}
              {erased ? (
                <Badge color="gray" variant="light" data-testid="client-erased-badge">
                  {t('dataRights.erasedBadge')}
                </Badge>
              ) : null}
              {client.active ? null : (
                <Badge color="gray" variant="filled" data-testid="client-inactive-badge">
                  {t('clients.inactive')}
                </Badge>
              )}
            </Group>
            {erased ? (
              <Stack gap={2} maw={520}>
                <Text size="sm" c="dimmed" data-testid="client-erased-hint">
                  {t('dataRights.erasedHint')}
                </Text>
                {/* Says why the usual actions are missing (decision 0077); the server refuses them too. */}
                <Text size="sm" c="dimmed" data-testid="client-erased-actions">
                  {t('dataRights.erasedActions')}
                </Text>
              </Stack>
            ) : anonymised ? (
              <Text size="sm" c="dimmed" maw={520} data-testid="client-anonymised-hint">
                {t('anonymisation.clientHint')}
              </Text>
            ) : (
              <Anchor href={`mailto:${client.email}`} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="client-email">
                {client.email}
              </Anchor>
            )}
          </Stack>
        </Group>
        <Group gap="sm">
          {/* Only a finished, unlocked result can be compared: a locked one is unlocked on its dashboard first. */}
          {/* An erased client is compared and activated no more (decision 0077). */}
          {!erased && client.instances.some((i) => hasResult(i.status) && i.lockStatus !== 'LOCKED') ? (
            <AddToComparisonButton productType={client.productType} clientToken={client.token} name={clientDisplayName(client)} />
          ) : null}
          {/* Who an anonymised client is cannot be changed by this viewer (the server refuses it too). */}
          {canUpdate && !anonymised && !erased ? (
            <Button
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={openEdit}
              data-testid="client-edit-button"
            >
              {t('clients.view.edit')}
            </Button>
          ) : null}
          {canUpdate && !erased ? <ClientActivation client={client} productType={client.productType} /> : null}
        </Group>
      </Group>
      {/* Natural widths, wrapping: the group control is as wide as its longest translation needs. */}
      <Group gap={48} mt="lg" align="flex-start" wrap="wrap">
        <ClientGroupControl client={client} canUpdate={canUpdate} />
        <Detail label={t('clients.view.phone')} testId="client-phone">
          {anonymised ? (
            <Text span size="sm" c="dimmed">
              {t('anonymisation.hidden')}
            </Text>
          ) : client.phone ? (
            <Anchor href={`tel:${client.phone.replace(/[^0-9+]/g, '')}`} size="sm">
              {client.phone}
            </Anchor>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('clients.view.noPhone')}
            </Text>
          )}
        </Detail>
        <Detail label={t('clients.view.locale')} testId="client-locale">
          {LOCALE_NATIVE_NAMES[client.locale]}
        </Detail>
        <Detail label={t('clients.view.created')} testId="client-created">
          {formatDate(client.createdAt)}
        </Detail>
        <ClientWeightProfile productType={client.productType} clientToken={client.token} />
      </Group>
      {canUpdate && !anonymised ? <EditClientModal client={client} opened={editing} onClose={closeEdit} /> : null}
    </Paper>
  );
}

// The account's unrevoked credentials: what each is for, its id, account and creator, since when it works, when it
// expires (docs/decisions/0072) and when it was last used; each can be revoked after a confirmation.
import { ActionIcon, Badge, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TApiCredential } from '@bq/contracts/api-credentials';
import { useFormat } from '../../../lib/formats';
import { showSuccess } from '../../../lib/notify';
import { useRevokeApiCredential } from '../api/revoke-api-credential';

export function CredentialTable({ credentials }: { credentials: TApiCredential[] }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const revoke = useRevokeApiCredential();

  const confirm = (credential: TApiCredential) =>
    modals.openConfirmModal({
      title: t('apiCredentials.revoke.confirmTitle'),
      children: <Text size="sm">{t('apiCredentials.revoke.confirmText', { description: credential.description })}</Text>,
      labels: { confirm: t('apiCredentials.revoke.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'api-credential-revoke-confirm' },
      onConfirm: () =>
        revoke.mutate(credential.id, { onSuccess: () => showSuccess(t('apiCredentials.revoke.success')) }),
    });

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" data-testid="api-credential-table">
        <Table.Caption>{t('apiCredentials.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('apiCredentials.table.description')}</Table.Th>
            <Table.Th scope="col">{t('apiCredentials.table.account')}</Table.Th>
            <Table.Th scope="col">{t('apiCredentials.table.user')}</Table.Th>
            <Table.Th scope="col">{t('apiCredentials.table.validFrom')}</Table.Th>
            <Table.Th scope="col">{t('apiCredentials.table.expires')}</Table.Th>
            <Table.Th scope="col">{t('apiCredentials.table.lastUsed')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('apiCredentials.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credentials.map((credential) => (
            <Table.Tr key={credential.id} data-testid="api-credential-row">
              <Table.Th scope="row" fw={600}>
                {credential.description}
                <Text size="xs" c="dimmed" fw={400} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {t('apiCredentials.table.id')}: {credential.id}
                </Text>
              </Table.Th>
              <Table.Td>{credential.account.name}</Table.Td>
              <Table.Td>
                {credential.user.firstName} {credential.user.lastName}
                <Text size="xs" c="dimmed">
                  {credential.user.email}
                </Text>
              </Table.Td>
              <Table.Td>{formatDateTime(credential.validFrom)}</Table.Td>
              <Table.Td>
                {formatDateTime(credential.expiresAt)}
                {Date.parse(credential.expiresAt) <= Date.now() ? (
                  <Badge color="gray" variant="light" size="xs" ml={6}>
                    {t('apiCredentials.table.expired')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>
                {credential.lastUsedAt ? formatDateTime(credential.lastUsedAt) : t('apiCredentials.table.neverUsed')}
              </Table.Td>
              <Table.Td>
                <Tooltip label={t('apiCredentials.revoke.button')}>
                  <ActionIcon
                    color="red"
                    variant="outline"
                    size="lg"
                    onClick={() => confirm(credential)}
                    aria-label={t('apiCredentials.revoke.buttonAria', { description: credential.description })}
                    data-testid="api-credential-revoke"
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// A member's API credentials in the account's members table (docs/decisions/0072): standing access that skips the
// second factor and single sign-on, so the admin sees each one with its dates; revoking stays on Settings > API.
import { Badge, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMemberApiCredential } from '@bq/contracts/api-credentials';
import { useFormat } from '../../../lib/formats';

export function MemberCredentialList({ credentials, now = Date.now() }: { credentials: TMemberApiCredential[]; now?: number }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  if (credentials.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('accountSecurity.members.noCredentials')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4} listStyleType="none" data-testid="member-credentials">
      {credentials.map((credential) => {
        const expired = Date.parse(credential.expiresAt) <= now;
        return (
          <List.Item key={credential.id} data-testid="member-credential">
            <Text size="sm" fw={600} component="span">
              {credential.description}
            </Text>{' '}
            {expired ? (
              <Badge color="gray" variant="light" size="xs">
                {t('apiCredentials.table.expired')}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('accountSecurity.members.credentialCreated', { date: formatDate(credential.createdAt) })} ·{' '}
              {t(expired ? 'accountSecurity.members.credentialExpired' : 'accountSecurity.members.credentialExpires', {
                date: formatDate(credential.expiresAt),
              })}{' '}
              ·{' '}
              {credential.lastUsedAt
                ? t('accountSecurity.members.credentialLastUsed', { date: formatDate(credential.lastUsedAt) })
                : t('accountSecurity.members.credentialNeverUsed')}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

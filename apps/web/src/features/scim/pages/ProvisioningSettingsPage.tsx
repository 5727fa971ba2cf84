// /settings/provisioning: SCIM 2.0 provisioning from the company's directory (Entra ID, Okta): the base URL and the
// account's token (docs/decisions/0047). For the account admin who manages users (BQ_ADMIN/BQ_USER), as the server.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@bq/domain/permissions';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { ScimTokenSection } from '../components/ScimTokenSection';

export function ProvisioningSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' });
  return (
    <SettingsSection title={t('page.settingsProvisioning.title')} description={t('settings.provisioning.lead')}>
      {allowed ? (
        <Stack gap="lg">
          <Text size="sm">
            {t('scim.howTo')}{' '}
            <Anchor href="https://datatracker.ietf.org/doc/html/rfc7644" target="_blank" rel="noopener noreferrer">
              {t('scim.standardLink')}
            </Anchor>
          </Text>
          <ScimTokenSection />
        </Stack>
      ) : (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('scim.forbidden.title')}>
          {t('scim.forbidden.text')}
        </Alert>
      )}
    </SettingsSection>
  );
}

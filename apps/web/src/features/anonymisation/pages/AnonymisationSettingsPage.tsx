// /settings/anonymisation (spec sections 3 and 5, docs/decisions/0021): the user's allow-list switch, the
// account's k floor, and per product the clients shown by name. Admins change them; others read them.
import { useTranslation } from 'react-i18next';
import { Alert, Stack } from '@mantine/core';
import { hasPermission } from '@bq/domain/permissions';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { AllowListSwitch } from '../components/AllowListSwitch';
import { AnonymityKForm } from '../components/AnonymityKForm';
import { AllowListEditor } from '../components/AllowListEditor';

export function AnonymisationSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const canChange = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'ANONYMIZATION_ALLOW_LIST', action: 'UPDATE' });
  return (
    <Stack gap="lg">
      <SettingsSection title={t('page.settingsAnonymisation.title')} description={t('settings.anonymisation.lead')}>
        {canChange ? null : <Alert color="gray">{t('anonymisation.readOnly')}</Alert>}
        <AllowListSwitch enabled={user.anonymizationAllowListEnabled} disabled={!canChange} />
        <AnonymityKForm key={user.anonymityK} savedK={user.anonymityK} disabled={!canChange} />
      </SettingsSection>
      <SettingsSection title={t('anonymisation.list.title')} description={t('anonymisation.list.lead')}>
        <AllowListEditor user={user} />
      </SettingsSection>
    </Stack>
  );
}

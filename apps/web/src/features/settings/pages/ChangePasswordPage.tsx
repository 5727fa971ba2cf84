// /settings/password: change the signed-in user's password.
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { SettingsSection } from '../../../components/ui/SettingsSection';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <SettingsSection title={t('page.settingsPassword.title')} description={t('settings.password.lead')}>
      <ChangePasswordForm userId={user.id} />
    </SettingsSection>
  );
}

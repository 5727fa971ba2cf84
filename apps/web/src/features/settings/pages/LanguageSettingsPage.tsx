// /settings/language: the language the product speaks to this user, and its date and number formats.
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { LanguageForm } from '../components/LanguageForm';
import { SettingsSection } from '../../../components/ui/SettingsSection';

export function LanguageSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <SettingsSection title={t('page.settingsLanguage.title')} description={t('settings.language.lead')}>
      <LanguageForm key={user.locale} savedLocale={user.locale} />
    </SettingsSection>
  );
}

// A settings section whose controls arrive in a later release (anonymisation, privacy policy, API access).
import { useTranslation } from 'react-i18next';
import { LaterReleaseNotice } from '../../../components/ui/LaterReleaseNotice';
import { SettingsSection } from '../../../components/ui/SettingsSection';

export function LaterSettingsSection({
  titleKey,
  descriptionKey,
}: {
  titleKey: string;
  descriptionKey: string;
}) {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t(titleKey)} description={t(descriptionKey)}>
      <LaterReleaseNotice />
    </SettingsSection>
  );
}

// /settings/privacy: arrives in a later release.
import { LaterSettingsSection } from '../components/LaterSettingsSection';

export function PrivacySettingsPage() {
  return (
    <LaterSettingsSection titleKey="page.settingsPrivacy.title" descriptionKey="settings.privacy.lead" />
  );
}

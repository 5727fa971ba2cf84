// /settings/anonymisation: arrives in a later release.
import { LaterSettingsSection } from '../components/LaterSettingsSection';

export function AnonymisationSettingsPage() {
  return (
    <LaterSettingsSection
      titleKey="page.settingsAnonymisation.title"
      descriptionKey="settings.anonymisation.lead"
    />
  );
}

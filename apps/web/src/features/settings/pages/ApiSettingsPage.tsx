// /settings/api: arrives in a later release.
import { LaterSettingsSection } from '../components/LaterSettingsSection';

export function ApiSettingsPage() {
  return <LaterSettingsSection titleKey="page.settingsApi.title" descriptionKey="settings.api.lead" />;
}

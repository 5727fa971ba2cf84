// A breadcrumb entry's generic name ("Client", "Result"), shown while the label that names the thing loads.
import { useTranslation } from 'react-i18next';

export function CrumbText({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return <>{t(labelKey)}</>;
}

// A page whose content arrives in a later release: its real heading and a plain sentence, no fake data.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LaterReleaseNotice } from '../../components/ui/LaterReleaseNotice';
import { PageHeader } from '../../components/ui/PageHeader';

export function LaterReleasePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <PageHeader title={t(titleKey)} />
      <LaterReleaseNotice />
    </Stack>
  );
}

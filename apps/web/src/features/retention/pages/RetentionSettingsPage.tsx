// /settings/retention: how long the account keeps each class of data, and what the next 30 days remove; for the
// account admin (BQ_ADMIN/ALL), docs/decisions/0044.
import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { hasAdminPermission } from '../../../lib/admin-access';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useRetention } from '../api/get-retention';
import { RetentionForm } from '../components/RetentionForm';
import { RetentionPreview } from '../components/RetentionPreview';
import { AssessmentNoticeForm } from '../components/AssessmentNoticeForm';
import { useAssessmentNoticeSettings } from '../api/assessment-notice';

export function RetentionSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <SettingsSection title={t('page.settingsRetention.title')} description={t('retention.lead')}>
      {hasAdminPermission(user, 'READ') ? (
        <RetentionContent />
      ) : (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('retention.forbidden.title')}>
          {t('retention.forbidden.text')}
        </Alert>
      )}
    </SettingsSection>
  );
}

function RetentionContent() {
  const { t } = useTranslation();
  const settings = useRetention();
  return (
    <Stack gap="xl">
      {settings.isPending ? (
        <Skeleton height={160} />
      ) : settings.isError ? (
        <ErrorState title={t('retention.errorTitle')} message={t('retention.errorText')} onRetry={() => void settings.refetch()} />
      ) : (
        <RetentionForm saved={settings.data} />
      )}
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('retention.preview.title')}
        </Title>
        <RetentionPreview />
      </Stack>
      <AssessmentNoticeSection />
    </Stack>
  );
}

/** The notice before assessment questionnaires quotes the selection period above, so it is set on this page. */
function AssessmentNoticeSection() {
  const { t } = useTranslation();
  const notice = useAssessmentNoticeSettings();
  if (notice.isPending) return <Skeleton height={200} />;
  if (notice.isError)
    return <ErrorState title={t('assessmentNotice.errorTitle')} message={t('assessmentNotice.errorText')} onRetry={() => void notice.refetch()} />;
  return <AssessmentNoticeForm saved={notice.data} />;
}

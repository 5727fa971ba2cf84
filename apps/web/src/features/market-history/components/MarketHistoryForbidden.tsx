// Shown instead of the page to a user without BQ_ADMIN permission (or when the server refuses with 403). The
// settings page around it has the h1, so the notice's heading is an h2.
import { Button } from '@mantine/core';
import { IconLock, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { NoticePanel } from '../../../components/ui/NoticePanel';

export function MarketHistoryForbidden() {
  const { t } = useTranslation();
  return (
    <NoticePanel
      testId="market-history-forbidden"
      centered={false}
      headingOrder={2}
      color="orange"
      icon={<IconLock size={26} stroke={1.6} />}
      title={t('marketHistory.forbidden.title')}
      text={t('marketHistory.forbidden.text')}
      actions={
        <Button component={AppLink} to="/settings" leftSection={<IconSettings size={18} aria-hidden />}>
          {t('marketHistory.forbidden.back')}
        </Button>
      }
    />
  );
}

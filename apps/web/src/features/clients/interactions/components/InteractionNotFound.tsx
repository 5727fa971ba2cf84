// Shown when the interaction token is unknown, was deleted or belongs to another account or client (404).
import { Button } from '@mantine/core';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../../components/ui/AppLink';
import { NoticePanel } from '../../../../components/ui/NoticePanel';

export function InteractionNotFound({ clientPath }: { clientPath: string }) {
  const { t } = useTranslation();
  return (
    <NoticePanel
      testId="interaction-not-found"
      centered={false}
      icon={<IconFileUnknown size={26} stroke={1.6} />}
      title={t('interactions.notFound.title')}
      text={t('interactions.notFound.text')}
      actions={
        <Button component={AppLink} to={clientPath} leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('interactions.notFound.back')}
        </Button>
      }
    />
  );
}

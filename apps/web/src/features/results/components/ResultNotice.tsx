// A page-sized notice in place of the dashboard (not found, no permission, not done, calculation failed), with
// a way back to the client before any other action.
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { NoticePanel } from '../../../components/ui/NoticePanel';

interface ResultNoticeProps {
  icon: ReactNode;
  color?: string;
  title: string;
  text: ReactNode;
  backTo: string;
  testId: string;
  actions?: ReactNode;
  status?: string;
}

export function ResultNotice({ backTo, actions, ...notice }: ResultNoticeProps) {
  const { t } = useTranslation();
  return (
    <NoticePanel
      {...notice}
      centered={false}
      actions={
        <>
          <Button
            component={AppLink}
            to={backTo}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('results.backToClient')}
          </Button>
          {actions}
        </>
      }
    />
  );
}

// A public document page's (report, certificate) way back to its result. The server puts the dashboard path
// into the document's content only for a signed-in evaluator of that result, so visitors see nothing and cause
// no extra request.
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from './AppLink';

export function BackToResultLink({ path, testId }: { path: string | null; testId: string }) {
  const { t } = useTranslation();
  if (!path) return null;
  return (
    <div>
      <Button
        component={AppLink}
        to={path}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        data-testid={testId}
      >
        {t('common.backToResult')}
      </Button>
    </div>
  );
}

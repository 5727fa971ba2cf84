// A failed load shown in place of the content, with a way to try again.
import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  title: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
}

export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      {message}
      {onRetry ? (
        <Group mt="md">
          <Button variant="white" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}

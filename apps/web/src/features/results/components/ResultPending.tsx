// The result cannot be shown yet (409 error.result.not_ready). What stands in its place depends on the
// instance's status: calculating (polled live until done), not submitted yet, failed, or closed without result.
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClipboardText, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInstance } from '@bq/contracts/instances';
import { isBeingCalculated } from '@bq/domain/interaction-lifecycle';
import { AppLink } from '../../../components/ui/AppLink';
import { ResultNotice } from './ResultNotice';

interface ResultPendingProps {
  instance: TInstance | undefined;
  clientPath: string;
  interactionPath: string;
  onCheckAgain: () => void;
  checking: boolean;
}

export function ResultPending({
  instance,
  clientPath,
  interactionPath,
  onCheckAgain,
  checking,
}: ResultPendingProps) {
  const { t } = useTranslation();
  const status = instance?.status;
  if (status === 'NEW' || status === 'OPENED' || status === 'CLOSED') {
    const closed = status === 'CLOSED';
    return (
      <ResultNotice
        testId="result-not-done"
        status={status}
        icon={<IconClipboardText size={26} stroke={1.6} />}
        title={t(closed ? 'results.closed.title' : 'results.notDone.title')}
        text={t(closed ? 'results.closed.text' : 'results.notDone.text')}
        backTo={clientPath}
        actions={
          <>
            <Button component={AppLink} to={interactionPath} variant="subtle">
              {t('results.openInteraction')}
            </Button>
            {closed ? null : (
              <Button
                variant="subtle"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={onCheckAgain}
                loading={checking}
              >
                {t('results.checkAgain')}
              </Button>
            )}
          </>
        }
      />
    );
  }
  if (status === 'ERROR') {
    return (
      <ResultNotice
        testId="result-calculation-failed"
        status={status}
        color="red"
        icon={<IconAlertTriangle size={26} stroke={1.6} />}
        title={t('results.calculationFailed.title')}
        text={t('ERROR_CALCULATION_FAILED')}
        backTo={clientPath}
      />
    );
  }
  const live = status === undefined || isBeingCalculated(status);
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="result-calculating" data-status={status}>
      <Stack gap="sm" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Title order={1} fz="h3">
            {t('results.calculating.title')}
          </Title>
        </Group>
        <Text c="dimmed">{t('results.calculating.text')}</Text>
        {status ? (
          <Text size="sm">
            {t('results.calculating.status', { status: t(`interactionStatus.${status}`) })}
          </Text>
        ) : null}
        {live ? (
          <Text size="xs" c="dimmed" data-testid="result-live-hint">
            {t('results.calculating.live')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

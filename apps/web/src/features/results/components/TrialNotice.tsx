// The wealth advisory free trial: while it runs, results open without a credit. Shown until the user dismisses it.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDismissWealthTrial } from '../api/dismiss-wealth-trial';
import { useWealthTrial } from '../api/get-wealth-trial';

export function TrialNotice() {
  const { t } = useTranslation();
  const trial = useWealthTrial(true);
  const dismiss = useDismissWealthTrial();
  if (!trial.data?.trialAvailable) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconGift aria-hidden />}
      title={t('results.trial.title')}
      data-testid="trial-notice"
      mb="lg"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" maw={720}>
          {t('results.trial.text', { results: trial.data.trialResults })}
        </Text>
        <Button
          variant="subtle"
          color="orange"
          size="compact-sm"
          onClick={() => dismiss.mutate()}
          data-testid="trial-dismiss"
        >
          {t('results.trial.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}

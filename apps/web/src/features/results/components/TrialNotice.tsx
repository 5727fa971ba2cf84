// The wealth advisory free trial: while it runs, results open without a credit; the notice says until when. Once it
// has ended, a notice says so (new results need a credit). Each shows until the user dismisses it (decision 0038).
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconGift, IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';
import { useDismissWealthTrial } from '../api/dismiss-wealth-trial';
import { useWealthTrial } from '../api/get-wealth-trial';

export function TrialNotice() {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const trial = useWealthTrial(true);
  const dismiss = useDismissWealthTrial();
  const status = trial.data;
  if (!status || (!status.trialAvailable && !status.endedNotice)) return null;
  const ended = status.endedNotice;
  const date = status.endsAt ? formatDate(status.endsAt) : null;
  const text = ended
    ? t('results.trial.endedText', { date: date ?? '' })
    : `${t('results.trial.text', { results: status.trialResults })}${date ? ` ${t('results.trial.endsOn', { date })}` : ''}`;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={ended ? <IconHourglassEmpty aria-hidden /> : <IconGift aria-hidden />}
      title={t(ended ? 'results.trial.endedTitle' : 'results.trial.title')}
      data-testid={ended ? 'trial-ended-notice' : 'trial-notice'}
      mb="lg"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" maw={720}>
          {text}
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

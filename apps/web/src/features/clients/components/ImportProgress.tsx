// The import's progress: the share of the file uploaded (measured), then the server's one transaction, which
// reports nothing until it answers, so the bar says so and moves without claiming a share (docs/decisions/0048).
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';

export function ImportProgress({ uploaded }: { uploaded: number }) {
  const { t } = useTranslation();
  const { formatPercent } = useFormat();
  const writing = uploaded >= 1;
  const percent = Math.round(uploaded * 100);
  const label = writing ? t('clientImport.progress.writing') : t('clientImport.progress.upload', { percent: formatPercent(uploaded) });
  return (
    <Stack gap={4} data-testid="import-progress">
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
      <Progress
        value={writing ? 100 : percent}
        striped={writing}
        animated={writing}
        size="lg"
        aria-label={label}
      />
    </Stack>
  );
}

// How far the participant is: the page they are on and how many questions are answered, as a progress bar that
// screen readers read as "12 of 30 questions answered".
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface QuestionnaireProgressProps {
  answered: number;
  total: number;
  page: number;
  pages: number;
}

export function QuestionnaireProgress({ answered, total, page, pages }: QuestionnaireProgressProps) {
  const { t } = useTranslation();
  const answeredText = t('questionnaire.progress.answered', { answered, total });
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} data-testid="questionnaire-page-indicator">
          {t('questionnaire.progress.page', { page, pages })}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {answeredText}
        </Text>
      </Group>
      <Progress.Root
        size="md"
        radius="xl"
        role="progressbar"
        aria-label={t('questionnaire.progress.label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={answeredText}
        data-testid="questionnaire-progress"
      >
        <Progress.Section value={total > 0 ? (answered / total) * 100 : 0} withAria={false} />
      </Progress.Root>
    </Stack>
  );
}

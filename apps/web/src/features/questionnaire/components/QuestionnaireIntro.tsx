// The welcome on the first page: who asks, what the questionnaire is for (its intro text), how long it takes,
// until when it can be answered, and that it can be finished later. A returning participant is welcomed back.
import { Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { useFormat } from '../../../lib/formats';
import { QuestionnairePrivacyPolicy } from './QuestionnairePrivacyPolicy';

interface QuestionnaireIntroProps {
  questionnaire: TQuestionnaire;
  /** The participant has answered before: welcome back instead of the full introduction. */
  returning: boolean;
}

export function QuestionnaireIntro({ questionnaire, returning }: QuestionnaireIntroProps) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const { accountName, interaction, texts, expiresAt } = questionnaire;
  // Both names: the German texts greet formally with the full name, the English ones with the first name.
  const name = { firstName: questionnaire.participantFirstName, lastName: questionnaire.participantLastName };
  if (returning) {
    return (
      <Stack gap="sm">
        <Text data-testid="questionnaire-welcome-back">{t('questionnaire.welcomeBack', name)}</Text>
        <QuestionnairePrivacyPolicy questionnaire={questionnaire} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="questionnaire-intro">
      <Text fw={600}>
        {t('questionnaire.greeting', name)} {t('questionnaire.invitedBy', { accountName })}
      </Text>
      {texts[interaction.introKey] ? <Text>{texts[interaction.introKey]}</Text> : null}
      <Group gap="lg" c="dimmed">
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text size="sm">{t('questionnaire.duration', { minutes: interaction.estimatedMinutes })}</Text>
        </Group>
        {expiresAt ? (
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={16} aria-hidden />
            <Text size="sm">{t('questionnaire.expiresOn', { date: formatDate(expiresAt) })}</Text>
          </Group>
        ) : null}
        <Group gap={6} wrap="nowrap">
          <IconPlayerPause size={16} aria-hidden />
          <Text size="sm">{t('questionnaire.pauseHint')}</Text>
        </Group>
      </Group>
      <QuestionnairePrivacyPolicy questionnaire={questionnaire} />
    </Stack>
  );
}

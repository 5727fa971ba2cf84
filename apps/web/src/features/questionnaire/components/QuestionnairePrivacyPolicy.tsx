// The inviting account's privacy policy, shown on the first page before any answer: plain text (never HTML), in
// the participant's language or the nearest one the account wrote; long texts fold and can be expanded.
import { Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALE_TAGS } from '@bq/domain/locales';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';

export function QuestionnairePrivacyPolicy({ questionnaire }: { questionnaire: TQuestionnaire }) {
  const { t } = useTranslation();
  const policy = questionnaire.privacyPolicy;
  if (!policy) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="questionnaire-privacy-title" data-testid="questionnaire-privacy-policy">
      <Stack gap="xs">
        <Title order={2} fz="h5" id="questionnaire-privacy-title">
          <IconShieldLock size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {t('questionnaire.privacyPolicy.title', { accountName: questionnaire.accountName })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('questionnaire.privacyPolicy.lead')}
        </Text>
        <Spoiler maxHeight={132} showLabel={t('questionnaire.privacyPolicy.more')} hideLabel={t('questionnaire.privacyPolicy.less')}>
          <Text
            size="sm"
            lang={policy.locale !== questionnaire.locale ? LOCALE_TAGS[policy.locale] : undefined}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="questionnaire-privacy-text"
          >
            {policy.text}
          </Text>
        </Spoiler>
      </Stack>
    </Paper>
  );
}

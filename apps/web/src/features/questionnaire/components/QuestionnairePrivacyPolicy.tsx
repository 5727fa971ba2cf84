// The inviting account's privacy policy, shown on the first page before any answer: plain text (never HTML), in
// the participant's language or the nearest one the account wrote; long texts fold and can be expanded. An account
// without one: the platform's default notice in the participant's language (issue 22, docs/decisions/0033), so a
// participant never answers without having been told how the answers are handled.
import { Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALE_TAGS } from '@bq/domain/locales';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';

export function QuestionnairePrivacyPolicy({ questionnaire }: { questionnaire: TQuestionnaire }) {
  const { t } = useTranslation();
  const policy = questionnaire.privacyPolicy;
  const own = Boolean(policy);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="questionnaire-privacy-title" data-testid="questionnaire-privacy-policy">
      <Stack gap="xs">
        <Title order={2} fz="h5" id="questionnaire-privacy-title">
          <IconShieldLock size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {own
            ? t('questionnaire.privacyPolicy.title', { accountName: questionnaire.accountName })
            : t('questionnaire.privacyPolicy.platformTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {own
            ? t('questionnaire.privacyPolicy.lead')
            : t('questionnaire.privacyPolicy.platformLead', { accountName: questionnaire.accountName })}
        </Text>
        <Spoiler maxHeight={132} showLabel={t('questionnaire.privacyPolicy.more')} hideLabel={t('questionnaire.privacyPolicy.less')}>
          <Text
            size="sm"
            lang={policy && policy.locale !== questionnaire.locale ? LOCALE_TAGS[policy.locale] : undefined}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="questionnaire-privacy-text"
            data-source={own ? 'account' : 'platform'}
          >
            {policy ? policy.text : t('legal.privacy.text')}
          </Text>
        </Spoiler>
      </Stack>
    </Paper>
  );
}

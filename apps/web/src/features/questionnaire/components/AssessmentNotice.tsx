// The notice before a selection, performance or self-assessment questionnaire (issue 25 point 5,
// docs/decisions/0053): what is assessed, how the results are used, that a person decides, how long the data is
// kept (the account's retention period) and whom to ask; then the account's own text, plain (never HTML). One
// button acknowledges it and opens the first page.
import { useEffect, useRef } from 'react';
import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAssessmentNotice } from '@bq/contracts/assessment-notice';

interface AssessmentNoticeProps {
  notice: TAssessmentNotice;
  accountName: string;
  onContinue: () => void;
}

export function AssessmentNotice({ notice, accountName, onContinue }: AssessmentNoticeProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="assessment-notice-title" data-testid="assessment-notice" data-kind={notice.kind}>
      <Stack gap="md">
        <Title order={1} fz="h2" id="assessment-notice-title" ref={headingRef} tabIndex={-1}>
          <IconInfoCircle size={26} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 8 }} />
          {t('questionnaire.assessmentNotice.title')}
        </Title>
        <List spacing="sm" size="sm">
          <List.Item>{t(`questionnaire.assessmentNotice.what.${notice.kind}`, { accountName })}</List.Item>
          <List.Item>{t('questionnaire.assessmentNotice.use', { accountName })}</List.Item>
          <List.Item data-testid="assessment-notice-person">{t('questionnaire.assessmentNotice.person', { accountName })}</List.Item>
          <List.Item data-testid="assessment-notice-retention">
            {t('questionnaire.assessmentNotice.retention', { count: notice.retentionMonths })}
          </List.Item>
          <List.Item data-testid="assessment-notice-contact">
            {notice.contact
              ? t('questionnaire.assessmentNotice.contact', { contact: notice.contact })
              : t('questionnaire.assessmentNotice.contactAccount', { accountName })}
          </List.Item>
        </List>
        {notice.accountText ? (
          <Stack gap={4}>
            <Title order={2} fz="h5">
              {t('questionnaire.assessmentNotice.accountTextTitle', { accountName })}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="assessment-notice-account-text">
              {notice.accountText}
            </Text>
          </Stack>
        ) : null}
        <Button onClick={onContinue} fullWidth maw={{ sm: 360 }} data-testid="assessment-notice-continue">
          {t('questionnaire.assessmentNotice.continue')}
        </Button>
      </Stack>
    </Paper>
  );
}

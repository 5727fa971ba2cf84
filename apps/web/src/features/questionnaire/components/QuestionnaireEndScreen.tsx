// What the participant sees when the questionnaire is over or cannot be opened: after submitting, that the
// answers went to the account, with the questionnaire's own outro (which does the thanking: "Thank you. ..."),
// a note that it was submitted before, or why the link no longer works (expired, closed, unknown).
import { Text } from '@mantine/core';
import { IconCircleCheck, IconClockX, IconLinkOff, IconLock, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import type { QuestionnaireEnd } from '../questionnaire-end';
import { QuestionnaireNotice } from './QuestionnaireNotice';

interface QuestionnaireEndScreenProps {
  end: QuestionnaireEnd;
  /** Known unless the link could not be opened at all. */
  questionnaire?: TQuestionnaire;
  /** The participant was answering when this replaced the questionnaire: move the focus to it. */
  focusHeading?: boolean;
}

const NOTICES = {
  expired: {
    testId: 'questionnaire-expired',
    icon: IconClockX,
    color: 'orange',
    titleKey: 'questionnaire.expired.title',
    textKey: 'questionnaire.expired.text',
  },
  closed: {
    testId: 'questionnaire-closed',
    icon: IconLock,
    color: 'gray',
    titleKey: 'questionnaire.closed.title',
    textKey: 'questionnaire.closed.text',
  },
  notFound: {
    testId: 'questionnaire-not-found',
    icon: IconLinkOff,
    color: 'gray',
    titleKey: 'questionnaire.notFound.title',
    textKey: 'questionnaire.notFound.text',
  },
} as const;

export function QuestionnaireEndScreen({ end, questionnaire, focusHeading }: QuestionnaireEndScreenProps) {
  const { t } = useTranslation();
  const accountName = questionnaire?.accountName ?? '';

  if (end === 'submitted') {
    const outro = questionnaire ? questionnaire.texts[questionnaire.interaction.outroKey] : undefined;
    return (
      <QuestionnaireNotice
        icon={IconCircleCheck}
        color="green"
        title={t('questionnaire.thankYou.title', { accountName })}
        testId="questionnaire-thank-you"
        focusHeading={focusHeading}
      >
        {outro ? <Text size="lg">{outro}</Text> : null}
        <Text c="dimmed">{t('questionnaire.thankYou.text')}</Text>
      </QuestionnaireNotice>
    );
  }
  if (end === 'alreadySubmitted') {
    return (
      <QuestionnaireNotice
        icon={IconMailCheck}
        color="brand"
        title={t('questionnaire.alreadySubmitted.title')}
        testId="questionnaire-already-submitted"
        focusHeading={focusHeading}
      >
        <Text>{t('questionnaire.alreadySubmitted.text', { accountName })}</Text>
      </QuestionnaireNotice>
    );
  }
  const notice = NOTICES[end];
  return (
    <QuestionnaireNotice
      icon={notice.icon}
      color={notice.color}
      title={t(notice.titleKey)}
      testId={notice.testId}
      focusHeading={focusHeading}
    >
      <Text>{t(notice.textKey)}</Text>
    </QuestionnaireNotice>
  );
}

// What the participant sees when the questionnaire is over or cannot be opened: after submitting, that the
// answers went to the account, with the questionnaire's own outro (which does the thanking: "Thank you. ..."),
// a note that it was submitted before, or why the link no longer works (expired, closed, unknown).
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { useTexts } from '../../../participant/texts';
import type { QuestionnaireEnd } from '../questionnaire-end';
import { QuestionnaireNotice } from './QuestionnaireNotice';

interface QuestionnaireEndScreenProps {
  end: QuestionnaireEnd;
  /** Known unless the link could not be opened at all. */
  questionnaire?: TQuestionnaire;
  /** The participant was answering when this replaced the questionnaire: move the focus to it. */
  focusHeading?: boolean;
  /** An optional step follows below (self-identification): "close this window" comes after it, not here. */
  optionalStepBelow?: boolean;
}

const NOTICES = {
  expired: {
    testId: 'questionnaire-expired',
    mark: '⏱',
    titleKey: 'questionnaire.expired.title',
    textKey: 'questionnaire.expired.text',
  },
  closed: {
    testId: 'questionnaire-closed',
    mark: '🔒',
    titleKey: 'questionnaire.closed.title',
    textKey: 'questionnaire.closed.text',
  },
  notFound: {
    testId: 'questionnaire-not-found',
    mark: '?',
    titleKey: 'questionnaire.notFound.title',
    textKey: 'questionnaire.notFound.text',
  },
} as const;

export function QuestionnaireEndScreen({ end, questionnaire, focusHeading, optionalStepBelow }: QuestionnaireEndScreenProps) {
  const { t } = useTexts();
  const accountName = questionnaire?.accountName ?? '';

  if (end === 'submitted') {
    const outro = questionnaire ? questionnaire.texts[questionnaire.interaction.outroKey] : undefined;
    return (
      <QuestionnaireNotice
        mark="✓"
        title={t('questionnaire.thankYou.title', { accountName })}
        testId="questionnaire-thank-you"
        focusHeading={focusHeading}
      >
        {outro ? <p style={{ fontSize: '1.125rem' }}>{outro}</p> : null}
        <p className="p-dimmed">{t(optionalStepBelow ? 'questionnaire.thankYou.optionalBelow' : 'questionnaire.thankYou.text')}</p>
      </QuestionnaireNotice>
    );
  }
  if (end === 'alreadySubmitted') {
    return (
      <QuestionnaireNotice
        mark="✓"
        title={t('questionnaire.alreadySubmitted.title')}
        testId="questionnaire-already-submitted"
        focusHeading={focusHeading}
      >
        <p>{t(optionalStepBelow ? 'questionnaire.alreadySubmitted.received' : 'questionnaire.alreadySubmitted.text', { accountName })}</p>
      </QuestionnaireNotice>
    );
  }
  const notice = NOTICES[end];
  return (
    <QuestionnaireNotice
      mark={notice.mark}
      title={t(notice.titleKey)}
      testId={notice.testId}
      focusHeading={focusHeading}
    >
      <p>{t(notice.textKey)}</p>
    </QuestionnaireNotice>
  );
}

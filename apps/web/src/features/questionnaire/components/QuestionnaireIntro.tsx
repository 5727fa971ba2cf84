// The welcome on the first page: who asks, what the questionnaire is for (its intro text), how long it takes,
// until when it can be answered, and that it can be finished later. A returning participant is welcomed back.
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { formatDate } from '@bq/domain/formats';
import { useTexts } from '../../../participant/texts';
import { QuestionnairePrivacyPolicy } from './QuestionnairePrivacyPolicy';

interface QuestionnaireIntroProps {
  questionnaire: TQuestionnaire;
  /** The participant has answered before: welcome back instead of the full introduction. */
  returning: boolean;
}

// The page greets as the mails do (issue 37 point 11): with the salutation the adviser chose ("Guten Tag Frau Weber"),
// the full name when neutral.
const GREETING_KEYS = { MS: 'questionnaire.greetingMs', MR: 'questionnaire.greetingMr', NEUTRAL: 'questionnaire.greeting' } as const;
const WELCOME_BACK_KEYS = { MS: 'questionnaire.welcomeBackMs', MR: 'questionnaire.welcomeBackMr', NEUTRAL: 'questionnaire.welcomeBack' } as const;

export function QuestionnaireIntro({ questionnaire, returning }: QuestionnaireIntroProps) {
  const { t } = useTexts();
  const { accountName, interaction, texts, expiresAt, locale } = questionnaire;
  // Both names: the German texts greet formally with the full name, the English ones with the first name.
  const name = { firstName: questionnaire.participantFirstName, lastName: questionnaire.participantLastName };
  if (returning) {
    return (
      <div className="p-stack-sm">
        <p data-testid="questionnaire-welcome-back">{t(WELCOME_BACK_KEYS[questionnaire.participantSalutation], name)}</p>
        <QuestionnairePrivacyPolicy questionnaire={questionnaire} />
      </div>
    );
  }
  return (
    <div className="p-stack-sm" data-testid="questionnaire-intro">
      <p className="p-strong">
        <span data-testid="questionnaire-greeting">{t(GREETING_KEYS[questionnaire.participantSalutation], name)}</span>{' '}
        {t('questionnaire.invitedBy', { accountName })}
      </p>
      {questionnaire.review ? (
        <p className="p-card p-small" data-testid="questionnaire-review-notice">
          {t('questionnaire.review.notice', { date: formatDate(questionnaire.review.previousAnsweredAt, locale) })}
        </p>
      ) : null}
      {texts[interaction.introKey] ? <p>{texts[interaction.introKey]}</p> : null}
      <ul className="p-facts p-small p-dimmed">
        <li>{t('questionnaire.duration', { minutes: interaction.estimatedMinutes })}</li>
        {expiresAt ? <li>{t('questionnaire.expiresOn', { date: formatDate(expiresAt, locale) })}</li> : null}
        <li>{t('questionnaire.pauseHint')}</li>
      </ul>
      <QuestionnairePrivacyPolicy questionnaire={questionnaire} />
    </div>
  );
}

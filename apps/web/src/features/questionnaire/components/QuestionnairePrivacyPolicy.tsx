// The inviting account's privacy policy, shown on the first page before any answer: plain text (never HTML), in
// the participant's language or the nearest one the account wrote; long texts fold and can be expanded. An account
// without one: the platform's default notice in the participant's language (issue 22, docs/decisions/0033), so a
// participant never answers without having been told how the answers are handled. Below either, what the platform
// itself does with each answer and each visit, which no account's text can change.
import { useState } from 'react';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { useTexts } from '../../../participant/texts';

/** Texts longer than this fold to a few lines until "Show more". */
const FOLD_CHARS = 400;

export function QuestionnairePrivacyPolicy({ questionnaire }: { questionnaire: TQuestionnaire }) {
  const { t } = useTexts();
  const policy = questionnaire.privacyPolicy;
  const own = Boolean(policy);
  const text = policy ? policy.text : t('legal.privacy.text');
  const [open, setOpen] = useState(false);
  const folds = text.length > FOLD_CHARS;
  return (
    <section
      className="p-card p-stack-sm"
      aria-labelledby="questionnaire-privacy-title"
      data-testid="questionnaire-privacy-policy"
    >
      <h2 id="questionnaire-privacy-title" style={{ fontSize: '1rem' }}>
        {own
          ? t('questionnaire.privacyPolicy.title', { accountName: questionnaire.accountName })
          : t('questionnaire.privacyPolicy.platformTitle')}
      </h2>
      <p className="p-small p-dimmed">
        {own
          ? t('questionnaire.privacyPolicy.lead')
          : t('questionnaire.privacyPolicy.platformLead', { accountName: questionnaire.accountName })}
      </p>
      <p
        id="questionnaire-privacy-text"
        className="p-small p-privacy-text"
        lang={policy && policy.locale !== questionnaire.locale ? LOCALE_TAGS[policy.locale] : undefined}
        data-folded={folds && !open ? '' : undefined}
        data-testid="questionnaire-privacy-text"
        data-source={own ? 'account' : 'platform'}
      >
        {text}
      </p>
      {folds ? (
        <div>
          <button
            type="button"
            className="p-link-button"
            aria-expanded={open}
            aria-controls="questionnaire-privacy-text"
            onClick={() => setOpen(!open)}
          >
            {open ? t('questionnaire.privacyPolicy.less') : t('questionnaire.privacyPolicy.more')}
          </button>
        </div>
      ) : null}
      {/* The platform's own handling, true under any account's policy: answers are saved as given (the autosave), and
          each call is in the access log for accessLogDays (issue 37 point 4). */}
      <p className="p-small" data-testid="questionnaire-saving-notice">
        {t('questionnaire.privacyPolicy.saving', { days: questionnaire.accessLogDays })}
      </p>
    </section>
  );
}

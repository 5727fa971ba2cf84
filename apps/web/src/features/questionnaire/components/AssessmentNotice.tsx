// The notice before a selection, performance or self-assessment questionnaire (issue 25 point 5,
// docs/decisions/0053): what is assessed, how the results are used, that a person decides, how long the data is
// kept (the account's retention period) and whom to ask; then the account's own text, plain (never HTML). One
// button acknowledges it and opens the first page. Plain elements and the participant entry's styles: it is part of
// the questionnaire's small bundle (docs/decisions/0054).
import { useEffect, useRef } from 'react';
import type { TAssessmentNotice } from '@bq/contracts/assessment-notice';
import { useTexts } from '../../../participant/texts';

interface AssessmentNoticeProps {
  notice: TAssessmentNotice;
  accountName: string;
  onContinue: () => void;
}

export function AssessmentNotice({ notice, accountName, onContinue }: AssessmentNoticeProps) {
  const { t } = useTexts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const months = notice.retentionMonths;
  return (
    <section className="p-card p-stack" aria-labelledby="assessment-notice-title" data-testid="assessment-notice" data-kind={notice.kind}>
      <h1 id="assessment-notice-title" ref={headingRef} tabIndex={-1}>
        {t('questionnaire.assessmentNotice.title')}
      </h1>
      <ul className="p-stack-sm">
        <li>{t(`questionnaire.assessmentNotice.what.${notice.kind}`, { accountName })}</li>
        <li>{t('questionnaire.assessmentNotice.use', { accountName })}</li>
        <li data-testid="assessment-notice-person">{t('questionnaire.assessmentNotice.person', { accountName })}</li>
        <li data-testid="assessment-notice-retention">
          {t(`questionnaire.assessmentNotice.retention_${months === 1 ? 'one' : 'other'}`, { count: months })}
        </li>
        <li data-testid="assessment-notice-contact">
          {notice.contact
            ? t('questionnaire.assessmentNotice.contact', { contact: notice.contact })
            : t('questionnaire.assessmentNotice.contactAccount', { accountName })}
        </li>
      </ul>
      {notice.accountText ? (
        <div className="p-stack-sm">
          <h2>{t('questionnaire.assessmentNotice.accountTextTitle', { accountName })}</h2>
          <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="assessment-notice-account-text">
            {notice.accountText}
          </p>
        </div>
      ) : null}
      <div>
        <button type="button" className="p-button" onClick={onContinue} data-testid="assessment-notice-continue">
          {t('questionnaire.assessmentNotice.continue')}
        </button>
      </div>
    </section>
  );
}

// How far the participant is: the step they are on (a page, or one question on a small screen) and how many
// questions are answered, as a progress bar that screen readers read as "12 of 30 questions answered".
import { useTexts } from '../../../participant/texts';

interface QuestionnaireProgressProps {
  answered: number;
  total: number;
  page: number;
  pages: number;
  /** One question per screen: the step is a question, not a page. */
  byQuestion?: boolean;
}

export function QuestionnaireProgress({
  answered,
  total,
  page,
  pages,
  byQuestion,
}: QuestionnaireProgressProps) {
  const { t } = useTexts();
  const answeredText = t('questionnaire.progress.answered', { answered, total });
  return (
    <div className="p-stack-sm">
      <div className="p-row">
        <p className="p-small p-strong" data-testid="questionnaire-page-indicator">
          {byQuestion
            ? t('questionnaire.progress.question', { question: page, questions: pages })
            : t('questionnaire.progress.page', { page, pages })}
        </p>
        <p className="p-small p-dimmed" aria-hidden="true">
          {answeredText}
        </p>
      </div>
      <div
        className="p-progress"
        role="progressbar"
        aria-label={t('questionnaire.progress.label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={answeredText}
        data-testid="questionnaire-progress"
      >
        <div style={{ width: `${total > 0 ? (answered / total) * 100 : 0}%` }} />
      </div>
    </div>
  );
}

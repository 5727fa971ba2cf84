// The last step before handing in: every question with the answer given, page by page, each with a "Change" button
// that opens its page with the focus on it. Nothing is sent until the participant submits here; after that the
// answers can no longer be changed, which the lead says.
import type { ReactNode, Ref } from 'react';
import { useTexts } from '../../../participant/texts';
import {
  isAnswered,
  type AnswerValue,
  type Answers,
  type QuestionnaireItem,
  type QuestionnairePage,
} from '../questionnaire-model';

interface QuestionnaireReviewProps {
  pages: QuestionnairePage[];
  answers: Answers;
  textOf: (key: string) => string;
  onChange: (itemKey: string) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  /** The submit error, if the last attempt failed (shown above the buttons). */
  problem: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The answer as the participant chose it: the option's text; a value without an option (free input) as given. */
function answerText(item: QuestionnaireItem, value: AnswerValue, textOf: (key: string) => string): string {
  const option = item.options.find((candidate) => candidate.value === value);
  return option ? textOf(option.labelKey) : String(value);
}

export function QuestionnaireReview(props: QuestionnaireReviewProps) {
  const { t } = useTexts();
  const { pages, answers, textOf } = props;
  return (
    <section
      className="p-stack"
      data-testid="questionnaire-review"
      aria-labelledby="questionnaire-review-title"
    >
      <h2 ref={props.headingRef} tabIndex={-1} id="questionnaire-review-title">
        {t('questionnaire.review.title')}
      </h2>
      <p className="p-small p-dimmed">{t('questionnaire.review.lead')}</p>
      {pages.map((page) => (
        <div key={page.key} className="p-card">
          <h3 style={{ marginBottom: 8 }}>{textOf(page.titleKey)}</h3>
          <dl className="p-review-list">
            {page.items.map((item) => {
              const question = textOf(item.textKey);
              const answered = isAnswered(answers, item.key);
              return (
                <div key={item.key} data-testid={`questionnaire-review-${item.key}`}>
                  <dt className="p-small p-dimmed">{question}</dt>
                  <dd className="p-row">
                    <span
                      className={answered ? 'p-strong' : undefined}
                      style={answered ? undefined : { fontStyle: 'italic' }}
                    >
                      {answered
                        ? answerText(item, answers[item.key]!, textOf)
                        : t('questionnaire.review.notAnswered')}
                    </span>
                    <button
                      type="button"
                      className="p-link-button"
                      aria-label={t('questionnaire.review.changeLabel', { question })}
                      onClick={() => props.onChange(item.key)}
                      data-testid={`questionnaire-change-${item.key}`}
                    >
                      {t('questionnaire.review.change')}
                    </button>
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
      {props.problem}
      <div className="p-row">
        <button
          type="button"
          className="p-button p-button-default p-arrow-back"
          onClick={props.onBack}
          data-testid="questionnaire-review-back"
        >
          {t('questionnaire.back')}
        </button>
        <button
          type="button"
          className="p-button"
          disabled={props.submitting}
          aria-busy={props.submitting || undefined}
          onClick={props.onSubmit}
          data-testid="questionnaire-submit"
        >
          {t('questionnaire.submit')}
        </button>
      </div>
    </section>
  );
}

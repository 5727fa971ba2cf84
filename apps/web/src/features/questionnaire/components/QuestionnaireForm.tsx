// The questionnaire being answered: one short page at a time (one question at a time on a small screen) with
// progress and autosave. "Next" and "Review answers" check the step's required questions (errors on the items,
// focus on the first); a step change moves the focus to its heading. After the last step comes the review of all
// answers, from which any one can be changed (its step opens, then "Back to the review"); submitting there saves
// what is left, then hands the answers in; a refusal for missing answers lists them and opens the first one's step.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../participant/texts';
import { fetchQuestionnaire } from '../api/get-questionnaire';
import { newParticipantKey, submitQuestionnaire } from '../api/submit-questionnaire';
import { questionnaireEndOf, type QuestionnaireEnd } from '../questionnaire-end';
import {
  answeredCount,
  isAnswered,
  missingRequired,
  pageIndexOfItem,
  questionnairePages,
  resumePageIndex,
} from '../questionnaire-model';
import { useAnswerAutosave } from '../use-answer-autosave';
import { oneQuestionSteps, useOneQuestionPerScreen } from '../use-one-question-per-screen';
import { writeUnsavedAnswers } from '../unsaved-answers';
import { MissingAnswers } from './MissingAnswers';
import { QuestionItem } from './QuestionItem';
import { QuestionnaireIntro } from './QuestionnaireIntro';
import { QuestionnaireProgress } from './QuestionnaireProgress';
import { QuestionnaireReview } from './QuestionnaireReview';
import { SaveStatus } from './SaveStatus';

type FocusTarget = { heading: true } | { itemKey: string } | { review: true };
type SubmitProblem = 'notSaved' | 'failed';

interface QuestionnaireFormProps {
  questionnaire: TQuestionnaire;
  onEnd: (end: QuestionnaireEnd) => void;
}

export function QuestionnaireForm({ questionnaire, onEnd }: QuestionnaireFormProps) {
  const { t } = useTexts();
  const { instanceToken, interaction, texts } = questionnaire;
  const grouped = useMemo(() => questionnairePages(interaction), [interaction]);
  const byQuestion = useOneQuestionPerScreen(questionnaire.oneQuestionPerScreen);
  // The steps walked: the pages, or on a small screen each question on its own.
  const pages = useMemo(() => (byQuestion ? oneQuestionSteps(grouped) : grouped), [byQuestion, grouped]);
  const autosave = useAnswerAutosave(instanceToken, questionnaire.answers, onEnd);
  const { answers } = autosave;

  // A yearly review opens with the previous answers filled in (decision 0093): it starts at the first page, for the
  // client to confirm or change each, and greets as a new start, not as "welcome back".
  const isReview = Boolean(questionnaire.review);
  const [pageIndex, setPageIndex] = useState(() => (isReview ? 0 : resumePageIndex(pages, autosave.answers)));
  // The screen crossed 480 px (turned, resized): stay at the question shown first.
  const [shownByQuestion, setShownByQuestion] = useState(byQuestion);
  if (shownByQuestion !== byQuestion) {
    setShownByQuestion(byQuestion);
    const before = byQuestion ? grouped : oneQuestionSteps(grouped);
    const itemKey = before[pageIndex]?.items[0]?.key;
    setPageIndex(itemKey ? Math.max(0, pageIndexOfItem(pages, itemKey)) : 0);
  }
  const [returning, setReturning] = useState(() => !isReview && Object.keys(autosave.answers).length > 0);
  // Items whose missing answer was pointed out; the error goes away once answered.
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  // The required questions still open when the participant last tried to submit.
  const [missingAtSubmit, setMissingAtSubmit] = useState<string[]>([]);
  const [submitProblem, setSubmitProblem] = useState<SubmitProblem | null>(null);
  // The same key for every try on this page: a retry after a lost answer gets this browser's key back.
  const [participantKey] = useState(newParticipantKey);
  const [submitting, setSubmitting] = useState(false);
  // The review of all answers is shown instead of a page; a page opened from it leads back to it.
  const [reviewing, setReviewing] = useState(false);
  const [fromReview, setFromReview] = useState(false);

  const topRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusRequest = useRef<FocusTarget | null>(null);

  // Focus moves after the page (or the errors) rendered.
  useEffect(() => {
    const target = focusRequest.current;
    if (!target) return;
    focusRequest.current = null;
    if ('heading' in target || 'review' in target) {
      topRef.current?.scrollIntoView({ block: 'start' });
      ('review' in target ? reviewHeadingRef : headingRef).current?.focus({ preventScroll: true });
    } else {
      // The chosen answer if there is one (a change from the review), else the first option, as a radio group
      // takes the focus when tabbed into.
      const item = formRef.current?.querySelector(`[data-item-key="${target.itemKey}"]`);
      (
        item?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
        item?.querySelector<HTMLInputElement>('input[type="radio"]')
      )?.focus();
    }
  });

  const page = pages[pageIndex];
  const isLast = pageIndex >= pages.length - 1;
  const textOf = (key: string) => texts[key] ?? key;

  const goToPage = (index: number) => {
    setPageIndex(index);
    setReturning(false);
    setReviewing(false);
    focusRequest.current = { heading: true };
  };

  const openReview = () => {
    setReviewing(true);
    setFromReview(false);
    setReturning(false);
    setMissingAtSubmit([]);
    focusRequest.current = { review: true };
  };

  /** From the review: the item's page, the focus on the item, and the way back to the review. */
  const changeAnswer = (itemKey: string) => {
    setPageIndex(pageIndexOfItem(pages, itemKey));
    setReviewing(false);
    setFromReview(true);
    focusRequest.current = { itemKey };
  };

  /** Points out the given unanswered items and takes the participant to the first of them. */
  const showMissing = (itemKeys: string[]) => {
    const first = itemKeys[0];
    if (first === undefined) return;
    setFlagged((current) => new Set([...current, ...itemKeys]));
    setReviewing(false);
    const index = pageIndexOfItem(pages, first);
    if (index >= 0 && index !== pageIndex) {
      setPageIndex(index);
      setReturning(false);
    }
    focusRequest.current = { itemKey: first };
  };

  const handOver = async () => {
    setSubmitProblem(null);
    setSubmitting(true);
    try {
      if (!(await autosave.saveNow())) {
        setSubmitProblem('notSaved');
        return;
      }
      await submitQuestionnaire(instanceToken, participantKey);
      writeUnsavedAnswers(instanceToken, {});
      onEnd('submitted');
    } catch (error) {
      const end = questionnaireEndOf(error);
      if (end) return onEnd(end);
      if (error instanceof ApiError && error.errorKey === 'error.questionnaire.incomplete') {
        // The server misses answers this page thought were saved: take its answers and show what is open.
        const missing = await refreshedMissing();
        if (missing.length > 0) {
          setMissingAtSubmit(missing);
          return showMissing(missing);
        }
      }
      setSubmitProblem('failed');
    } finally {
      setSubmitting(false);
    }
  };

  const refreshedMissing = async (): Promise<string[]> => {
    try {
      const fresh = await fetchQuestionnaire(instanceToken);
      return missingRequired(pages, autosave.resetTo(fresh.answers));
    } catch (error) {
      const end = questionnaireEndOf(error);
      if (end) onEnd(end);
      return [];
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!page || submitting) return;
    const missingHere = page.items
      .filter((item) => item.required && !isAnswered(answers, item.key))
      .map((item) => item.key);
    if (missingHere.length > 0) return showMissing(missingHere);
    if (!isLast && !fromReview) return goToPage(pageIndex + 1);
    const missing = missingRequired(pages, answers);
    setMissingAtSubmit(missing);
    if (missing.length > 0) return showMissing(missing);
    openReview();
  };

  const submitProblemAlert = submitProblem ? (
    <div className="p-alert" role="alert" data-testid="questionnaire-submit-error">
      <p className="p-alert-title">{t('questionnaire.submitFailed.title')}</p>
      <p>
        {submitProblem === 'notSaved'
          ? t('questionnaire.submitFailed.notSaved')
          : t('questionnaire.submitFailed.text')}
      </p>
    </div>
  ) : null;

  const stillMissing = missingAtSubmit
    .filter((itemKey) => !isAnswered(answers, itemKey))
    .map((itemKey) => {
      const index = pageIndexOfItem(pages, itemKey);
      const item = pages[index]?.items.find((candidate) => candidate.key === itemKey);
      return { itemKey, page: index + 1, question: item ? textOf(item.textKey) : itemKey };
    });

  return (
    <div className="p-stack" data-testid="questionnaire" data-one-question={byQuestion ? '' : undefined}>
      <div className="p-card p-stack" ref={topRef} style={{ scrollMarginTop: 16 }}>
        <div>
          <p className="p-small p-dimmed p-strong">{questionnaire.accountName}</p>
          <h1>{textOf(interaction.nameKey)}</h1>
        </div>
        {(pageIndex === 0 && !reviewing) || returning ? (
          <QuestionnaireIntro questionnaire={questionnaire} returning={returning} />
        ) : null}
        <QuestionnaireProgress
          answered={answeredCount(interaction, answers)}
          total={interaction.items.length}
          page={reviewing ? pages.length : pageIndex + 1}
          pages={pages.length}
          byQuestion={byQuestion}
        />
        <SaveStatus state={autosave.saveState} failedForGood={autosave.failedForGood} />
      </div>

      {reviewing ? (
        <QuestionnaireReview
          pages={grouped}
          answers={answers}
          textOf={textOf}
          onChange={changeAnswer}
          onBack={() => goToPage(pages.length - 1)}
          onSubmit={() => {
            if (submitting) return;
            // The server has the last word; this only catches an answer taken back in another tab meanwhile.
            const missing = missingRequired(pages, answers);
            setMissingAtSubmit(missing);
            if (missing.length > 0) return showMissing(missing);
            void handOver();
          }}
          submitting={submitting}
          problem={submitProblemAlert}
          headingRef={reviewHeadingRef}
        />
      ) : page ? (
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="questionnaire-page-title"
          className="p-stack"
        >
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="questionnaire-page-title"
            data-testid="questionnaire-page-title"
          >
            {textOf(page.titleKey)}
          </h2>
          {page.items.some((item) => item.required) ? (
            <p className="p-small p-dimmed">{t('questionnaire.requiredNote')}</p>
          ) : null}
          {stillMissing.length > 0 ? (
            <MissingAnswers
              missing={stillMissing}
              onOpen={(itemKey) => {
                const index = pageIndexOfItem(pages, itemKey);
                if (index !== pageIndex) setPageIndex(index);
                focusRequest.current = { itemKey };
                setFlagged((current) => new Set([...current, itemKey]));
              }}
            />
          ) : null}
          {page.items.map((item) => (
            <QuestionItem
              key={item.key}
              item={item}
              value={answers[item.key]}
              textOf={textOf}
              showError={flagged.has(item.key) && !isAnswered(answers, item.key)}
              onAnswer={autosave.setAnswer}
            />
          ))}
          <div className="p-row">
            {pageIndex > 0 ? (
              <button
                type="button"
                className="p-button p-button-default p-arrow-back"
                onClick={() => goToPage(pageIndex - 1)}
                data-testid="questionnaire-back"
              >
                {t('questionnaire.back')}
              </button>
            ) : (
              <span />
            )}
            {fromReview ? (
              <button type="submit" className="p-button" data-testid="questionnaire-back-to-review">
                {t('questionnaire.review.backToReview')}
              </button>
            ) : isLast ? (
              <button type="submit" className="p-button" data-testid="questionnaire-review-open">
                {t('questionnaire.review.open')}
              </button>
            ) : (
              <button type="submit" className="p-button p-arrow-next" data-testid="questionnaire-next">
                {t('questionnaire.next')}
              </button>
            )}
          </div>
        </form>
      ) : null}
    </div>
  );
}

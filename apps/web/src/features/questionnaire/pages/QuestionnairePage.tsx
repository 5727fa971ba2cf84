// /q/{instanceToken}: the participant's questionnaire (public; the token in the invite link is the credential),
// rendered by the participant entry (src/participant/main.tsx). Loads it, switches the page to the client's
// language, and shows the questionnaire, or why it cannot be answered (unknown link, expired, closed, already
// submitted), or the thanks once submitted.
import { useCallback, useEffect, useState } from 'react';
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { isOpenForAnswers } from '@bq/domain/interaction-lifecycle';
import { resolveLocale } from '@bq/domain/locales';
import { useTexts } from '../../../participant/texts';
import { fetchQuestionnaire } from '../api/get-questionnaire';
import { AssessmentNotice } from '../components/AssessmentNotice';
import { QuestionnaireEndScreen } from '../components/QuestionnaireEndScreen';
import { QuestionnaireForm } from '../components/QuestionnaireForm';
import { QuestionnaireFrame } from '../components/QuestionnaireFrame';
import { QuestionnaireNotice } from '../components/QuestionnaireNotice';
import { QuestionnaireSkeleton } from '../components/QuestionnaireSkeleton';
import { SelfIdentificationStep, useSelfIdentificationForm } from '../components/SelfIdentificationStep';
import { questionnaireEndOf, type QuestionnaireEnd } from '../questionnaire-end';
import { useQuestionnaireLocale } from '../use-questionnaire-locale';
import { useNoticeAcknowledged } from '../use-notice-acknowledged';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';

function QuestionnairePageContent({ instanceToken }: { instanceToken: string }) {
  return (
    <QuestionnaireFrame>
      <Questionnaire key={instanceToken} instanceToken={instanceToken} />
    </QuestionnaireFrame>
  );
}

/** Before the questionnaire names the client's language (it could not be loaded): the browser's. */
const browserLocale = () => resolveLocale({ query: null, stored: null, browserLanguage: navigator.language });

type Load = { data: TQuestionnaire } | { error: unknown } | null;

function Questionnaire({ instanceToken }: { instanceToken: string }) {
  const { t } = useTexts();
  const [load, setLoad] = useState<Load>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchQuestionnaire(instanceToken, controller.signal).then(
      (data) => setLoad({ data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ error });
      },
    );
    return () => controller.abort();
  }, [instanceToken, attempt]);
  const data = load && 'data' in load ? load.data : undefined;
  const localeReady = useQuestionnaireLocale(data?.locale ?? (load ? browserLocale() : undefined));
  // Set when the questionnaire ends while the participant is on the page (submitted, expired meanwhile...).
  const [end, setEnd] = useState<QuestionnaireEnd | null>(null);
  const [acknowledged, acknowledge] = useNoticeAcknowledged(instanceToken);
  const onEnd = useCallback((next: QuestionnaireEnd) => setEnd(next), []);
  const submitted = end === 'submitted' || (!end && data !== undefined && !isOpenForAnswers(data.status));
  const selfIdForm = useSelfIdentificationForm(instanceToken, submitted);
  const stepBelow = selfIdForm?.offered === true;

  if (!load || !localeReady) return <QuestionnaireSkeleton />;
  if (end) {
    return (
      <>
        <QuestionnaireEndScreen end={end} questionnaire={data} focusHeading optionalStepBelow={end === 'submitted' && stepBelow} />
        {end === 'submitted' ? <SelfIdentificationStep instanceToken={instanceToken} form={selfIdForm} /> : null}
      </>
    );
  }
  if (data) {
    if (!isOpenForAnswers(data.status)) {
      return (
        <>
          <QuestionnaireEndScreen end="alreadySubmitted" questionnaire={data} optionalStepBelow={stepBelow} />
          <SelfIdentificationStep instanceToken={instanceToken} form={selfIdForm} />
        </>
      );
    }
    // Selection, performance and self-assessment: the notice comes before the first page (docs/decisions/0053).
    if (data.assessmentNotice && !acknowledged)
      return <AssessmentNotice notice={data.assessmentNotice} accountName={data.accountName} onContinue={acknowledge} />;
    return <QuestionnaireForm questionnaire={data} onEnd={onEnd} />;
  }
  const error = 'error' in load ? load.error : null;
  const errorEnd = questionnaireEndOf(error);
  if (errorEnd) return <QuestionnaireEndScreen end={errorEnd} />;
  return (
    <QuestionnaireNotice
      mark="!"
      title={t('questionnaire.loadFailed.title')}
      testId="questionnaire-load-failed"
    >
      <p>{t('questionnaire.loadFailed.text')}</p>
      <div>
        <button
          type="button"
          className="p-button"
          onClick={() => {
            setLoad(null);
            setAttempt(attempt + 1);
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    </QuestionnaireNotice>
  );
}

/** The page in the firm's own frame (docs/decisions/0055), read with the page's own token. */
export function QuestionnairePage({ instanceToken }: { instanceToken: string }) {
  const { t } = useTexts();
  return (
    <ParticipantBrand token={instanceToken} poweredByLabel={t('branding.poweredBy')}>
      <QuestionnairePageContent instanceToken={instanceToken} />
    </ParticipantBrand>
  );
}

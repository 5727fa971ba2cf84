// /q/{instanceToken}: the participant's questionnaire (public; the token in the invite link is the credential).
// Loads it, switches the page to the client's language, and shows the questionnaire, or why it cannot be
// answered (unknown link, expired, closed, already submitted), or the thanks once submitted.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isOpenForAnswers } from '@bq/domain/interaction-lifecycle';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useQuestionnaire } from '../api/get-questionnaire';
import { QuestionnaireEndScreen } from '../components/QuestionnaireEndScreen';
import { QuestionnaireForm } from '../components/QuestionnaireForm';
import { QuestionnaireFrame } from '../components/QuestionnaireFrame';
import { QuestionnaireSkeleton } from '../components/QuestionnaireSkeleton';
import { SelfIdentificationStep } from '../components/SelfIdentificationStep';
import { questionnaireEndOf, type QuestionnaireEnd } from '../questionnaire-end';
import { useQuestionnaireLocale } from '../use-questionnaire-locale';

export function QuestionnairePage() {
  const { instanceToken = '' } = useParams();
  return (
    <QuestionnaireFrame>
      <Questionnaire key={instanceToken} instanceToken={instanceToken} />
    </QuestionnaireFrame>
  );
}

function Questionnaire({ instanceToken }: { instanceToken: string }) {
  const { t } = useTranslation();
  const query = useQuestionnaire(instanceToken);
  const data = query.data;
  const localeReady = useQuestionnaireLocale(data?.locale);
  // Set when the questionnaire ends while the participant is on the page (submitted, expired meanwhile...).
  const [end, setEnd] = useState<QuestionnaireEnd | null>(null);

  if (end) {
    return (
      <>
        <QuestionnaireEndScreen end={end} questionnaire={data} focusHeading />
        {end === 'submitted' ? <SelfIdentificationStep instanceToken={instanceToken} /> : null}
      </>
    );
  }
  if (data) {
    if (!localeReady) return <QuestionnaireSkeleton />;
    if (!isOpenForAnswers(data.status)) {
      return (
        <>
          <QuestionnaireEndScreen end="alreadySubmitted" questionnaire={data} />
          <SelfIdentificationStep instanceToken={instanceToken} />
        </>
      );
    }
    return <QuestionnaireForm questionnaire={data} onEnd={setEnd} />;
  }
  if (query.isError) {
    const errorEnd = questionnaireEndOf(query.error);
    if (errorEnd) return <QuestionnaireEndScreen end={errorEnd} />;
    return (
      <ErrorState
        title={t('questionnaire.loadFailed.title')}
        message={t('questionnaire.loadFailed.text')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <QuestionnaireSkeleton />;
}

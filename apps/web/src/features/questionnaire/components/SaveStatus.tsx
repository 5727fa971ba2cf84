// The autosave's state in a few words, announced politely: saving, saved, or not saved (and retrying).
import { useTexts } from '../../../participant/texts';
import type { SaveState } from '../answer-autosaver';

export function SaveStatus({ state, failedForGood }: { state: SaveState; failedForGood: boolean }) {
  const { t } = useTexts();
  const text = {
    idle: t('questionnaire.save.idle'),
    saving: t('questionnaire.save.saving'),
    saved: t('questionnaire.save.saved'),
    error: failedForGood ? t('questionnaire.save.failed') : t('questionnaire.save.retrying'),
  }[state];
  return (
    <p
      className="p-save p-small p-dimmed"
      role="status"
      aria-live="polite"
      data-testid="questionnaire-save-status"
      data-state={state}
    >
      {text}
    </p>
  );
}

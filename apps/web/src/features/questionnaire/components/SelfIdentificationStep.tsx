// The optional self-identification step under the thanks of a submitted selection or performance questionnaire
// (docs/decisions/0051): the categories the account asks, each with "prefer not to say", and why and who sees it.
// Nothing is required; nothing shows when the account asks nothing, the product does not ask, or this is not the
// browser that submitted (docs/decisions/0063: the server offers it to that browser only). Once a decision about the
// result is recorded, what was stated is shown but can no longer be changed. Plain elements and the participant
// entry's styles (docs/decisions/0054).
import { useEffect, useState } from 'react';
import type { TSelfIdentificationForm, TSelfIdentificationRequest } from '@bq/contracts/fairness';
import { PREFER_NOT_TO_SAY, SELF_ID_ERRORS, type SelfIdCategory } from '@bq/domain/self-identification';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../participant/texts';
import { fetchSelfIdentificationForm, saveSelfIdentification } from '../api/self-identification';

type Saving = 'idle' | 'saving' | 'saved' | 'failed' | 'decided';

/**
 * The step's form as the server offers it to this browser; null while loading, or when it could not be loaded (a step
 * nobody has to take is then simply not offered). The page reads it too: the thanks above say "close this window"
 * only when no step follows (issue 37 point 11).
 */
export function useSelfIdentificationForm(instanceToken: string, enabled: boolean): TSelfIdentificationForm | null {
  const [form, setForm] = useState<TSelfIdentificationForm | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetchSelfIdentificationForm(instanceToken, controller.signal).then(setForm, () => {});
    return () => controller.abort();
  }, [instanceToken, enabled]);
  return form;
}

export function SelfIdentificationStep({ instanceToken, form }: { instanceToken: string; form: TSelfIdentificationForm | null }) {
  const { t } = useTexts();
  const [chosen, setChosen] = useState<TSelfIdentificationRequest>({});
  const [saving, setSaving] = useState<Saving>('idle');
  if (!form?.offered) return null;
  const given = form.given ?? {};
  const locked = !form.changeable || saving === 'decided';
  const value = (category: SelfIdCategory) =>
    (locked ? given[category] : (chosen[category] ?? given[category])) ?? '';
  const save = () => {
    setSaving('saving');
    saveSelfIdentification(instanceToken, { ...given, ...chosen }).then(
      () => setSaving('saved'),
      // A decision recorded while the page was open: the answer the page loaded stays.
      (error: unknown) =>
        setSaving(
          error instanceof ApiError && error.errorKey === SELF_ID_ERRORS.decided ? 'decided' : 'failed',
        ),
    );
  };

  return (
    <section
      className="p-card p-stack"
      data-testid="self-identification"
      aria-labelledby="self-id-title"
      style={{ marginTop: 24 }}
    >
      <h2 id="self-id-title">{t('selfId.title')}</h2>
      <p className="p-small">{t('selfId.why')}</p>
      {form.categories.map(({ category, options }) => (
        <fieldset key={category} className="p-question">
          <legend className="p-legend">{t(`selfId.category.${category}`)}</legend>
          <div className="p-options">
            {[
              ...options.map((o) => ({
                code: o.code,
                label: o.label ?? t(`fairness.option.${category}.${o.code}`),
              })),
              { code: PREFER_NOT_TO_SAY, label: t('fairness.option.PREFER_NOT_TO_SAY') },
            ].map((option) => (
              <label key={option.code} className="p-option">
                <input
                  type="radio"
                  name={`self-id-${category}`}
                  value={option.code}
                  checked={value(category) === option.code}
                  disabled={locked}
                  onChange={() => setChosen((c) => ({ ...c, [category]: option.code }))}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {saving === 'saved' ? <p role="status">{t('selfId.saved')}</p> : null}
      {locked ? (
        <p className="p-small" role="status">
          {t('selfId.decided')}
        </p>
      ) : null}
      {saving === 'failed' ? (
        <p className="p-alert" role="alert">
          {t('questionnaire.loadFailed.text')}
        </p>
      ) : null}
      {locked ? null : (
        <div>
          <button
            type="button"
            className="p-button"
            onClick={save}
            disabled={Object.keys(chosen).length === 0 || saving === 'saving'}
          >
            {t('selfId.submit')}
          </button>
        </div>
      )}
      <p className="p-dimmed" data-testid="self-identification-close">
        {t('questionnaire.thankYou.text')}
      </p>
    </section>
  );
}

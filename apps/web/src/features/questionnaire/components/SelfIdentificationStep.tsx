// The optional self-identification step under the thanks of a submitted selection or performance questionnaire
// (docs/decisions/0051): the categories the account asks, each with "prefer not to say", and why and who sees it.
// Nothing is required; nothing shows when the account asks nothing or the product does not ask. Plain elements and
// the participant entry's styles (docs/decisions/0054).
import { useEffect, useState } from 'react';
import type { TSelfIdentificationForm, TSelfIdentificationRequest } from '@bq/contracts/fairness';
import { PREFER_NOT_TO_SAY, type SelfIdCategory } from '@bq/domain/self-identification';
import { useTexts } from '../../../participant/texts';
import { fetchSelfIdentificationForm, saveSelfIdentification } from '../api/self-identification';

type Saving = 'idle' | 'saving' | 'saved' | 'failed';

export function SelfIdentificationStep({ instanceToken }: { instanceToken: string }) {
  const { t } = useTexts();
  const [form, setForm] = useState<TSelfIdentificationForm | null>(null);
  const [chosen, setChosen] = useState<TSelfIdentificationRequest>({});
  const [saving, setSaving] = useState<Saving>('idle');
  useEffect(() => {
    const controller = new AbortController();
    // A step nobody has to take: when it cannot be loaded it is simply not offered.
    fetchSelfIdentificationForm(instanceToken, controller.signal).then(setForm, () => {});
    return () => controller.abort();
  }, [instanceToken]);
  if (!form?.offered) return null;
  const given = form.given ?? {};
  const value = (category: SelfIdCategory) => chosen[category] ?? given[category] ?? '';
  const save = () => {
    setSaving('saving');
    saveSelfIdentification(instanceToken, { ...given, ...chosen }).then(
      () => setSaving('saved'),
      () => setSaving('failed'),
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
                  onChange={() => setChosen((c) => ({ ...c, [category]: option.code }))}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {saving === 'saved' ? <p role="status">{t('selfId.saved')}</p> : null}
      {saving === 'failed' ? (
        <p className="p-alert" role="alert">
          {t('questionnaire.loadFailed.text')}
        </p>
      ) : null}
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
    </section>
  );
}

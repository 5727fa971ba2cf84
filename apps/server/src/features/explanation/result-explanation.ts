// "Why this score" for the evaluator (issue 25 point 4, docs/decisions/0053): per dimension, each answer's exact
// share of the raw score and of the T-score (packages/scoring/explanation.ts), with the question and answer in the
// reader's language, and the dimension's gap, weight and fit points lost in the fit. Loaded through
// requireOpenResult, so a LOCKED result answers 402 like the dashboard and gives nothing away.
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { TResultExplanation } from '@bq/contracts/explanation';
import type { Locale } from '@bq/domain/locales';
import { explainDimensions } from '@bq/scoring/explanation';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { readerLocale } from '../results/dashboard-content';
import { requireOpenResult } from '../results/result-access';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { resultFit } from '../weights/weights-service';

/** The label the participant saw for an answer: the scale point's or the option's text. */
export function answerLabel(definition: TInteractionDefinition, itemKey: string, answer: unknown, texts: Record<string, string>): string | null {
  if (answer === null || answer === undefined) return null;
  const item = definition.items.find((i) => i.key === itemKey);
  if (!item) return String(answer);
  if (item.type === 'choice') {
    const option = item.options.find((o) => o.key === answer);
    return option ? (texts[option.labelKey] ?? String(answer)) : String(answer);
  }
  const point = definition.scales.find((s) => s.id === item.scale)?.points.find((p) => p.value === answer);
  return point ? `${String(answer)} – ${texts[point.labelKey] ?? ''}`.replace(/ – $/, '') : String(answer);
}

export async function getResultExplanation(db: Db, auth: AuthContext, token: string, requestedLocale?: Locale): Promise<TResultExplanation> {
  const { instance, results, definition, weightProfile } = await requireOpenResult(db, auth, token);
  const locale = await readerLocale(db, auth, requestedLocale);
  const texts = await definitionTexts(db, definition, locale);
  const fit = resultFit(weightProfile, results);
  const fitByKey = new Map((fit?.contributions ?? []).map((c) => [c.key, c]));
  const dimensionsByKey = new Map(definition.dimensions.map((d) => [d.key, d]));
  const itemsByKey = new Map(definition.items.map((i) => [i.key, i]));
  return {
    instanceToken: instance.token,
    locale,
    fitProfile: fit ? { profileName: fit.profileName, fit: fit.fit } : null,
    dimensions: explainDimensions(definition, instance.answers).map((d) => {
      const share = fitByKey.get(d.key);
      const dimension = dimensionsByKey.get(d.key);
      return {
        key: d.key,
        name: dimension ? (texts[dimension.nameKey] ?? d.key) : d.key,
        computable: d.computable,
        answered: d.answered,
        itemCount: d.itemCount,
        raw: d.raw,
        t: d.tDisplay,
        norm: d.norm,
        baseline: d.baseline,
        answers: d.contributions.map((c) => {
          const item = itemsByKey.get(c.itemKey);
          return {
            itemKey: c.itemKey,
            text: item ? (texts[item.textKey] ?? c.itemKey) : c.itemKey,
            answer: answerLabel(definition, c.itemKey, c.answer, texts),
            itemScore: c.itemScore,
            reverse: c.reverse,
            raw: c.raw,
            t: c.t,
            tShown: c.tDisplay,
          };
        }),
        fit: share ? { target: share.target, weight: share.weight, gap: share.gap, gapSd: share.gapSd, weightedSquaredGap: share.weightedSquaredGap, pointsLost: share.pointsLost } : null,
      };
    }),
  };
}

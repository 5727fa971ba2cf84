// The risk verdict as the dashboard and the report show it (decision 0013): which limits lowered the class and
// why (the answers or scores they read), what must be explained first, the remarks the answers raise, and the
// consistency flag. Built from the stored result, its definition version and the stored answers, so a result of
// version 1 shows as it was computed.
import type { TRiskCap, TRiskProfile } from '@bq/contracts/dashboard';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { InstanceResults } from '../../db/schema';
import { storedPortfolio } from './risk-section';

type StoredRisk = NonNullable<InstanceResults['risk']>;
export type RiskVerdict = Omit<TRiskProfile, 'consistency'> & { consistency: Omit<TRiskProfile['consistency'], 'resolutions'> };

/** The text key of the option answered to an item, or null when there is no such answer. */
export function optionLabelKey(definition: TInteractionDefinition, item: string, answer: unknown): string | null {
  const found = definition.items.find((i) => i.key === item);
  if (!found || found.type !== 'choice') return null;
  return found.options.find((o) => o.key === answer)?.labelKey ?? null;
}

function answersRead(definition: TInteractionDefinition, pairs: [string, string | null][]): TRiskCap['answers'] {
  return pairs.flatMap(([item, answer]) => {
    const labelKey = optionLabelKey(definition, item, answer);
    return labelKey ? [{ item, labelKey }] : [];
  });
}

function limitsOf(risk: StoredRisk, definition: TInteractionDefinition): Omit<TRiskCap, 'binding'>[] {
  const none = { score: null, answers: [], share: null, asked: null, failed: null };
  const dimensionCaps = risk.caps.map((c) => ({
    ...none,
    key: c.dimension,
    kind: 'DIMENSION' as const,
    nameKey: definition.dimensions.find((d) => d.key === c.dimension)?.nameKey ?? c.dimension,
    maxClass: c.maxClass,
    assumed: c.assumed,
    score: c.score,
    lowers: c.lowers,
  }));
  const rules = definition.risk;
  const ruleCaps = (risk.rules ?? []).map((r) => {
    const base = { ...none, key: r.key, kind: r.kind, maxClass: r.maxClass, assumed: r.assumed, lowers: r.lowers };
    switch (r.kind) {
      case 'ANSWER':
        return {
          ...base,
          nameKey: rules?.answerCaps?.find((c) => c.key === r.key)?.nameKey ?? r.key,
          answers: answersRead(definition, [[r.item, r.answer]]),
        };
      case 'LOSS_PERCENT':
        return { ...base, nameKey: rules?.lossCaps?.percent.nameKey ?? r.key, answers: answersRead(definition, [[r.item, r.answer]]), share: r.share };
      case 'LOSS_MONEY':
        return {
          ...base,
          nameKey: rules?.lossCaps?.money.nameKey ?? r.key,
          answers: answersRead(definition, [
            [r.item, r.answer],
            [r.amountItem, r.amountAnswer],
          ]),
          share: r.share,
        };
      case 'KNOWLEDGE_TEST':
        return { ...base, nameKey: rules?.knowledgeTest?.nameKey ?? r.key, asked: r.asked, failed: r.failed.length };
    }
  });
  return [...dimensionCaps, ...ruleCaps].filter((c) => c.lowers).map(({ lowers: _, ...cap }) => cap);
}

export function riskVerdict(
  risk: StoredRisk,
  definition: TInteractionDefinition,
  answers: Readonly<Record<string, unknown>>,
): RiskVerdict {
  const caps = limitsOf(risk, definition)
    .map((cap) => ({ ...cap, binding: cap.maxClass === risk.suitableClass }))
    // The limits that set the class first, then the stricter before the looser.
    .sort((a, b) => Number(b.binding) - Number(a.binding) || a.maxClass - b.maxClass);
  const remarks = (definition.suitability?.remarks ?? [])
    .filter((r) => r.options.includes(String(answers[r.item])))
    .map((r) => ({ key: r.key, textKey: r.textKey }));
  return {
    toleranceClass: risk.toleranceClass,
    suitableClass: risk.suitableClass,
    caps,
    selfEstimate: risk.selfEstimate,
    explainFirst: (risk.knowledge?.failed ?? []).map((f) => ({ item: f.item, textKey: f.explainKey })),
    remarks,
    consistency: {
      flagged: risk.consistency.flagged,
      reasons: risk.consistency.reasons.map((r) => r.kind),
      direction: risk.consistency.direction ?? null,
    },
    portfolio: storedPortfolio(risk.portfolio),
  };
}

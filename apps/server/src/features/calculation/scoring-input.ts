// Turns an interaction definition into the plain shapes the pure scoring package works on.
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { ScoringDimension, ScoringItem } from '@bq/scoring/raw-scores';

export function scoringItems(definition: TInteractionDefinition): ScoringItem[] {
  const scales = new Map(definition.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
  return definition.items.map((item) => {
    if (item.type === 'choice') {
      return { key: item.key, dimension: item.dimension, type: 'choice', options: item.options.map((o) => ({ key: o.key, score: o.score })) };
    }
    const values = scales.get(item.scale) ?? [];
    return { key: item.key, dimension: item.dimension, type: 'likert', reverse: item.reverse, scaleMin: Math.min(...values), scaleMax: Math.max(...values) };
  });
}

export function scoringDimensions(definition: TInteractionDefinition): ScoringDimension[] {
  return definition.dimensions.map((d) => ({ key: d.key, minAnswered: d.minAnswered }));
}

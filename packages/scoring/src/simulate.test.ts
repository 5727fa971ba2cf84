import { describe, expect, it } from 'vitest';
import { loadInteractionDefinitions } from '../../../apps/server/src/features/interactions/definitions';
import { scoreDimensions } from './norms';
import { isValidAnswer } from './raw-scores';
import { alphaByDimension } from './reliability';
import { scoringItems, type ScoringDefinition } from './scoring-definition';
import { simulateRespondents } from './simulate';

// The real interaction definitions the server ships, every version (reading files is fine in tests, never in src).
const definitions: (ScoringDefinition & { id: string; version: number })[] = [...loadInteractionDefinitions().values()].flat();

describe('simulateRespondents', () => {
  const risk = definitions.find((d) => d.id === 'risk')!;

  it('is the same for the same seed and different for another', () => {
    const first = simulateRespondents(risk, { count: 5, seed: 11, consistency: 0.7 });
    expect(simulateRespondents(risk, { count: 5, seed: 11, consistency: 0.7 })).toEqual(first);
    expect(simulateRespondents(risk, { count: 5, seed: 12, consistency: 0.7 })).not.toEqual(first);
  });

  it('answers every item with a valid answer', () => {
    const items = scoringItems(risk);
    for (const respondent of simulateRespondents(risk, { count: 50, seed: 3, consistency: 0.5 })) {
      for (const item of items) expect(isValidAnswer(item, respondent.answers[item.key])).toBe(true);
    }
  });

  it('answers reverse-keyed items mirrored: high trait, low raw answer', () => {
    const reversed = risk.items.find((i) => i.type === 'likert' && i.reverse && i.dimension === 'tolerance')!;
    const respondents = simulateRespondents(risk, { count: 300, seed: 5, consistency: 0.9 });
    const high = respondents.filter((r) => r.traits.tolerance! > 1);
    const low = respondents.filter((r) => r.traits.tolerance! < -1);
    const mean = (rs: typeof respondents) =>
      rs.reduce((s, r) => s + (r.answers[reversed.key] as number), 0) / rs.length;
    expect(mean(high)).toBeLessThan(mean(low) - 1);
  });

  it.each(definitions.map((d) => [`${d.id} v${d.version}`, d] as const))(
    'gives alpha above 0.7 on every dimension of %s for consistent respondents',
    (_id, definition) => {
      const respondents = simulateRespondents(definition, { count: 400, seed: 2026, consistency: 0.7 });
      const alphas = alphaByDimension(
        definition,
        respondents.map((r) => r.answers),
      );
      for (const { key, alpha, respondents: used } of alphas) {
        expect(used, key).toBe(400);
        expect(alpha, key).toBeGreaterThan(0.7);
      }
    },
  );

  it('gives low alpha for respondents who answer at random', () => {
    const risk = definitions.find((d) => d.id === 'risk')!;
    const alphas = alphaByDimension(
      risk,
      simulateRespondents(risk, { count: 400, seed: 9, consistency: 0.02 }).map((r) => r.answers),
    );
    for (const { alpha } of alphas) expect(alpha!).toBeLessThan(0.5);
  });

  it('centres simulated scores near the norm (mean T about 50)', () => {
    for (const definition of definitions) {
      const scores = simulateRespondents(definition, { count: 400, seed: 1, consistency: 0.7 }).map((r) =>
        scoreDimensions(definition, r.answers),
      );
      for (let d = 0; d < definition.dimensions.length; d++) {
        const meanT = scores.reduce((s, dims) => s + dims[d]!.t!, 0) / scores.length;
        expect(Math.abs(meanT - 50), `${definition.dimensions[d]!.key}`).toBeLessThan(3);
      }
    }
  });
});

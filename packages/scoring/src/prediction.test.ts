import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indicateClass, PredictionError, predictLinear, type RuleModel } from './prediction';

const model: RuleModel = {
  classes: [
    { key: 'growth', intercept: 0, weights: { tolerance: 1, horizon: 0.5, knowledge: -0.2 } },
    { key: 'income', intercept: 1, weights: { tolerance: -1, horizon: 0, knowledge: 0 } },
    { key: 'balanced', intercept: 0, weights: {} },
  ],
};

/** Styles that need a lowest suitable risk class, as the investment-style models do. */
const styles: RuleModel = {
  classes: [
    { key: 'conservative', intercept: 0, weights: { tolerance: -1 }, minRiskClass: 1 },
    { key: 'balanced', intercept: 0.4, weights: {}, minRiskClass: 4 },
    { key: 'dynamic', intercept: -0.6, weights: { tolerance: 1.4 }, minRiskClass: 6 },
  ],
};

describe('indicateClass', () => {
  /*
   * tolerance 1.5, horizon 1, knowledge 0.5 (z-scores):
   *   score growth   = 0 + 1.5 + 0.5 - 0.1 = 1.9
   *   score income   = 1 - 1.5           = -0.5
   *   score balanced = 0
   */
  it('names the best-scoring class and the factors behind it, with no probability (hand computed)', () => {
    const result = indicateClass(model, { tolerance: 1.5, horizon: 1, knowledge: 0.5, unused: 3 });
    expect(result.kind).toBe('rule');
    expect(result.predictedClass).toBe('growth');
    expect(result.unconstrainedClass).toBeNull();
    expect(result.scores).toEqual([
      { key: 'growth', score: expect.closeTo(1.9, 12), allowed: true },
      { key: 'income', score: expect.closeTo(-0.5, 12), allowed: true },
      { key: 'balanced', score: 0, allowed: true },
    ]);
    expect(result).not.toHaveProperty('probability');
    expect(result.factors).toEqual([
      { feature: 'tolerance', value: 1.5, weight: 1, contribution: 1.5 },
      { feature: 'horizon', value: 1, weight: 0.5, contribution: 0.5 },
      { feature: 'knowledge', value: 0.5, weight: -0.2, contribution: expect.closeTo(-0.1, 12) },
    ]);
  });

  /*
   * tolerance z = 2: conservative -2, balanced 0.4, dynamic -0.6 + 2.8 = 2.2 -> dynamic, which needs class 6.
   * Suitable class 4: dynamic is not allowed, balanced (0.4) is the indication; dynamic is named as capped.
   * Suitable class 3: only conservative is allowed.
   */
  it('never indicates a class above the suitable risk class, and says which class the caps ruled out', () => {
    expect(indicateClass(styles, { tolerance: 2 }, { suitableRiskClass: 7 })).toMatchObject({
      predictedClass: 'dynamic',
      unconstrainedClass: null,
    });
    const capped = indicateClass(styles, { tolerance: 2 }, { suitableRiskClass: 4 });
    expect(capped).toMatchObject({ predictedClass: 'balanced', unconstrainedClass: 'dynamic' });
    expect(capped.scores.map((s) => s.allowed)).toEqual([true, true, false]);
    // The factors explain the indicated class (balanced has no weights), not the one ruled out.
    expect(capped.factors).toEqual([]);
    expect(indicateClass(styles, { tolerance: 2 }, { suitableRiskClass: 3 }).predictedClass).toBe('conservative');
    expect(() => indicateClass(styles, { tolerance: 2 })).toThrow(/suitable risk class/);
  });

  it('respects the caps for every answer pattern and suitable class (property)', () => {
    const minOf = new Map(styles.classes.map((c) => [c.key, c.minRiskClass!]));
    fc.assert(
      fc.property(fc.double({ min: -4, max: 4, noNaN: true }), fc.integer({ min: 1, max: 7 }), (tolerance, suitable) => {
        const result = indicateClass(styles, { tolerance }, { suitableRiskClass: suitable });
        expect(minOf.get(result.predictedClass)).toBeLessThanOrEqual(suitable);
        // Nothing allowed scores higher than the indication.
        const indicated = result.scores.find((s) => s.key === result.predictedClass)!;
        for (const s of result.scores) if (s.allowed) expect(s.score).toBeLessThanOrEqual(indicated.score);
        expect(indicateClass(styles, { tolerance }, { suitableRiskClass: suitable })).toEqual(result);
      }),
    );
  });

  it('refuses to indicate from a missing feature rather than guessing it', () => {
    expect(() => indicateClass(model, { tolerance: 1, horizon: null, knowledge: 0 })).toThrow(PredictionError);
    try {
      indicateClass(model, { tolerance: 1 });
    } catch (error) {
      expect((error as PredictionError).missingFeatures).toEqual(['horizon', 'knowledge']);
    }
  });

  it('breaks ties by model order', () => {
    const tie: RuleModel = {
      classes: [
        { key: 'a', intercept: 1000, weights: {} },
        { key: 'b', intercept: 1000, weights: {} },
      ],
    };
    expect(indicateClass(tie, {}).predictedClass).toBe('a');
  });
});

describe('predictLinear', () => {
  it('adds the weighted features to the intercept (hand computed: 2 + 0.5 * 2 - 1 * 0.5 + 0.1 * 1 = 2.6)', () => {
    const result = predictLinear(
      { intercept: 2, weights: { a: 0.5, b: -1, c: 0.1, d: 0 } },
      { a: 2, b: 0.5, c: 1, d: 9 },
    );
    expect(result.value).toBeCloseTo(2.6, 12);
    expect(result.factors.map((f) => f.feature)).toEqual(['a', 'b', 'c']);
  });
});

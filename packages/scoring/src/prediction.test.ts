import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { predictClass, PredictionError, predictLinear, type SoftmaxModel } from './prediction';

const model: SoftmaxModel = {
  classes: [
    { key: 'growth', intercept: 0, weights: { tolerance: 1, horizon: 0.5, knowledge: -0.2 } },
    { key: 'income', intercept: 1, weights: { tolerance: -1, horizon: 0, knowledge: 0 } },
    { key: 'balanced', intercept: 0, weights: {} },
  ],
};

describe('predictClass', () => {
  /*
   * tolerance 1.5, horizon 1, knowledge 0.5 (z-scores):
   *   logit growth   = 0 + 1.5 + 0.5 - 0.1 = 1.9
   *   logit income   = 1 - 1.5           = -0.5
   *   logit balanced = 0
   * e^1.9 = 6.685894, e^-0.5 = 0.606531, e^0 = 1; sum 8.292425
   * p = 0.806265, 0.073143, 0.120592.
   */
  it('names the class with the highest probability and the factors behind it (hand computed)', () => {
    const result = predictClass(model, { tolerance: 1.5, horizon: 1, knowledge: 0.5, unused: 3 });
    expect(result.kind).toBe('softmax');
    expect(result.predictedClass).toBe('growth');
    expect(result.probability).toBeCloseTo(0.806265, 6);
    expect(result.probabilities.map((p) => p.key)).toEqual(['growth', 'income', 'balanced']);
    expect(result.probabilities[1]!.probability).toBeCloseTo(0.073143, 6);
    expect(result.probabilities[2]!.probability).toBeCloseTo(0.120592, 6);
    expect(result.factors).toEqual([
      { feature: 'tolerance', value: 1.5, weight: 1, contribution: 1.5 },
      { feature: 'horizon', value: 1, weight: 0.5, contribution: 0.5 },
      { feature: 'knowledge', value: 0.5, weight: -0.2, contribution: expect.closeTo(-0.1, 12) },
    ]);
  });

  it('refuses to predict from a missing feature rather than guessing it', () => {
    expect(() => predictClass(model, { tolerance: 1, horizon: null, knowledge: 0 })).toThrow(PredictionError);
    try {
      predictClass(model, { tolerance: 1 });
    } catch (error) {
      expect((error as PredictionError).missingFeatures).toEqual(['horizon', 'knowledge']);
    }
  });

  it('does not overflow on large coefficients and breaks ties by model order', () => {
    const big: SoftmaxModel = {
      classes: [
        { key: 'a', intercept: 1000, weights: {} },
        { key: 'b', intercept: 1000, weights: {} },
      ],
    };
    expect(predictClass(big, {})).toMatchObject({ predictedClass: 'a', probability: 0.5 });
  });

  it('gives probabilities that sum to 1, the same answer for the same input (property)', () => {
    const z = fc.double({ min: -4, max: 4, noNaN: true });
    fc.assert(
      fc.property(z, z, z, (tolerance, horizon, knowledge) => {
        const features = { tolerance, horizon, knowledge };
        const result = predictClass(model, features);
        expect(result.probabilities.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 12);
        expect(result.probability).toBe(Math.max(...result.probabilities.map((p) => p.probability)));
        expect(result.factors.length).toBeLessThanOrEqual(3);
        expect(predictClass(model, { ...features })).toEqual(result);
      }),
    );
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainDimensions, roundToTenthsSumming } from './explanation';
import { scoreDimensions } from './norms';
import type { ScoringDefinition } from './scoring-definition';

const FIVE = { id: 'five', points: [1, 2, 3, 4, 5].map((value) => ({ value })) };

/** Two dimensions: a (three likert items, one reverse keyed) and b (a likert and a choice item). */
const definition: ScoringDefinition = {
  scales: [FIVE],
  items: [
    { key: 'a1', dimension: 'a', type: 'likert', scale: 'five', reverse: false },
    { key: 'a2', dimension: 'a', type: 'likert', scale: 'five', reverse: true },
    { key: 'a3', dimension: 'a', type: 'likert', scale: 'five', reverse: false },
    { key: 'b1', dimension: 'b', type: 'likert', scale: 'five', reverse: false },
    { key: 'b2', dimension: 'b', type: 'choice', options: [{ key: 'x', score: 1 }, { key: 'y', score: 4 }] },
  ],
  dimensions: [
    { key: 'a', range: { min: 1, max: 5 }, norm: { mean: 3, sd: 0.8 }, minAnswered: 2, reliability: 0.8 },
    { key: 'b', range: { min: 1, max: 5 }, norm: { mean: 2.5, sd: 1 }, minAnswered: 2, reliability: 0.7 },
  ],
};

describe('explainDimensions', () => {
  it('gives each answer its exact share (hand computed)', () => {
    // a: scores 5, 6-2=4, 3 -> raw 4, z (4-3)/0.8 = 1.25, T 62.5. Shares of T: 10(5-3)/(3*0.8) = 8.333,
    // 10(4-3)/2.4 = 4.167, 0 -> 8.333 + 4.167 + 0 = 12.5 = 62.5 - 50.
    const [a, b] = explainDimensions(definition, { a1: 5, a2: 2, a3: 3, b1: 2 });
    expect(a!.t).toBeCloseTo(62.5, 12);
    expect(a!.contributions.map((c) => c.itemScore)).toEqual([5, 4, 3]);
    expect(a!.contributions[0]!.t).toBeCloseTo(25 / 3, 12);
    expect(a!.contributions[1]!.t).toBeCloseTo(25 / 6, 12);
    expect(a!.contributions[2]!.t).toBe(0);
    expect(a!.contributions.map((c) => c.tDisplay)).toEqual([8.3, 4.2, 0]);
    expect(a!.contributions.map((c) => c.raw)).toEqual([5 / 3, 4 / 3, 1]);
    // b: one answer of two needed: not computable, nothing is attributed.
    expect(b!.computable).toBe(false);
    expect(b!.contributions.every((c) => c.t === null && c.raw === null)).toBe(true);
    expect(b!.contributions[0]!.itemScore).toBe(2);
  });

  it('adds up to the raw score and the T-score for any answers (property)', () => {
    const answer = (keys: readonly string[]) => fc.option(fc.constantFrom(...keys), { nil: undefined });
    const likert = answer(['1', '2', '3', '4', '5']).map((v) => (v === undefined ? undefined : Number(v)));
    fc.assert(
      fc.property(
        fc.record({ a1: likert, a2: likert, a3: likert, b1: likert, b2: answer(['x', 'y']) }),
        fc.double({ min: 1, max: 5, noNaN: true }),
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        (raw, mean, sd) => {
          const answers = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
          const def = { ...definition, dimensions: definition.dimensions.map((d) => ({ ...d, norm: { mean, sd } })) };
          const scores = scoreDimensions(def, answers);
          explainDimensions(def, answers).forEach((dimension, i) => {
            const score = scores[i]!;
            expect(dimension.t).toBe(score.t);
            if (!score.computable) return;
            const counted = dimension.contributions.filter((c) => c.t !== null);
            expect(counted).toHaveLength(score.answered);
            const sum = (values: number[]) => values.reduce((x, y) => x + y, 0);
            expect(Math.abs(sum(counted.map((c) => c.raw!)) - score.raw!)).toBeLessThan(1e-9);
            expect(Math.abs(dimension.baseline + sum(counted.map((c) => c.t!)) - score.t!)).toBeLessThan(1e-9);
            // The shown (rounded) contributions add up to the shown T-score exactly, in tenths.
            // (+ 0 turns the -0 that Math.round gives a sum just below zero into 0: equal numbers, unequal to Object.is.)
            expect(Math.round(500 + sum(counted.map((c) => c.tDisplay! * 10))) + 0).toBe(Math.round(score.tDisplay! * 10) + 0);
            // A shown contribution is never "-0.0".
            counted.forEach((c) => expect(Object.is(c.tDisplay, -0)).toBe(false));
            counted.forEach((c) => expect(Math.abs(c.tDisplay! - c.t!)).toBeLessThan(0.1 + 1e-9));
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('roundToTenthsSumming', () => {
  it('gives the missing tenth to the largest remainder', () => {
    expect(roundToTenthsSumming([1 / 3, 1 / 3, 1 / 3], 10)).toEqual([0.4, 0.3, 0.3]);
    expect(roundToTenthsSumming([-0.25, 0.75], 5)).toEqual([-0.2, 0.7]);
    // Floor of -0 is -0, which a number format shows as "-0.0".
    expect(roundToTenthsSumming([-0, 0.5], 5)).toEqual([0, 0.5]);
    expect(Object.is(roundToTenthsSumming([-0, 0.5], 5)[0], -0)).toBe(false);
  });
});

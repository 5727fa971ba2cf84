import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_COMPARABLE, profileSimilarity } from './similarity';

const of = (scores: Record<string, number | null>) => ({ scores });

describe('profileSimilarity', () => {
  it('is 100 for identical profiles', () => {
    const a = of({ x: 42.3, y: 57.1, z: 61 });
    expect(profileSimilarity(a, of({ ...a.scores }))).toMatchObject({
      similarity: 100,
      shape: 1,
      level: 1,
      reason: null,
    });
  });

  it('keeps the shape but loses level for a parallel shift (hand computed: 94)', () => {
    // r = 1 -> shape 1; mean |diff| = 5 -> level 1 - 5/40 = 0.875; 100 * (0.5 * 1 + 0.5 * 0.875) = 93.75 -> 94.
    const result = profileSimilarity(of({ x: 40, y: 50, z: 60 }), of({ x: 45, y: 55, z: 65 }));
    expect(result.similarity).toBe(94);
    expect(result.correlation).toBeCloseTo(1, 12);
    expect(result.level).toBeCloseTo(0.875, 12);
    expect(result.meanAbsoluteDifference).toBeCloseTo(5, 12);
  });

  it('is low for a mirrored profile (hand computed: 33)', () => {
    // r = -1 -> shape 0; mean |diff| = (20 + 0 + 20) / 3 = 13.33 -> level 0.6667; 100 * 0.5 * 0.6667 = 33.3 -> 33.
    const result = profileSimilarity(of({ x: 40, y: 50, z: 60 }), of({ x: 60, y: 50, z: 40 }));
    expect(result.similarity).toBe(33);
    expect(result.shape).toBeCloseTo(0, 12);
  });

  it('treats flat profiles by level only: both flat share the shape, one flat is neutral', () => {
    // Both flat, 20 points apart: shape 1, level 0.5 -> 75.
    expect(profileSimilarity(of({ x: 50, y: 50 }), of({ x: 70, y: 70 }))).toMatchObject({
      similarity: 75,
      shape: 1,
      correlation: null,
    });
    // One flat at 50 against 40/60: shape 0.5; mean |diff| 10 -> level 0.75 -> 100 * (0.25 + 0.375) = 62.5 -> 63.
    expect(profileSimilarity(of({ x: 50, y: 50 }), of({ x: 40, y: 60 }))).toMatchObject({
      similarity: 63,
      shape: 0.5,
    });
    // Wiggles of 0.2 T points are no shape (Pearson alone would call these opposite, r = -1).
    expect(profileSimilarity(of({ x: 50.1, y: 49.9 }), of({ x: 49.9, y: 50.1 })).similarity).toBe(100);
  });

  it('uses only dimensions scored in both, and says -1 when it cannot compare', () => {
    expect(profileSimilarity(of({ x: 40, y: 50, z: null }), of({ x: 40, y: 50, z: 70 })).dimensions).toEqual([
      'x',
      'y',
    ]);
    expect(profileSimilarity(of({ x: 40, y: 50 }), of({ x: 40, z: 50 }))).toMatchObject({
      similarity: NOT_COMPARABLE,
      reason: 'different_dimensions',
    });
    expect(profileSimilarity(of({ x: 40, y: null }), of({ x: 40, y: 50 }))).toMatchObject({
      similarity: -1,
      reason: 'too_few_dimensions',
    });
    expect(
      profileSimilarity({ scores: { x: 1, y: 2 }, comparable: false }, of({ x: 1, y: 2 })),
    ).toMatchObject({ similarity: -1, reason: 'flagged' });
  });

  const keys = ['a', 'b', 'c', 'd', 'e'];
  const profile = fc
    .array(fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null, freq: 5 }), {
      minLength: 5,
      maxLength: 5,
    })
    .map((values) => ({
      scores: Object.fromEntries(keys.map((k, i) => [k, values[i]!])),
    }));

  it('is symmetric, in bounds, and 100 on identical input (property)', () => {
    fc.assert(
      fc.property(profile, profile, (a, b) => {
        const ab = profileSimilarity(a, b);
        expect(profileSimilarity(b, a)).toEqual(ab);
        expect(Number.isInteger(ab.similarity)).toBe(true);
        expect(ab.similarity === -1 || (ab.similarity >= 0 && ab.similarity <= 100)).toBe(true);
        const self = profileSimilarity(a, { scores: { ...a.scores } });
        expect(self.similarity === 100 || self.reason === 'too_few_dimensions').toBe(true);
      }),
    );
  });
});

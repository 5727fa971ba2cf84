import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf } from './normal-distribution';
import {
  normScore,
  percentile,
  scoreBand,
  scoreDimensions,
  stanine,
  STANINE_CUTS,
  standardError,
  tScore,
  tScoreDisplay,
  zScore,
} from './norms';
import type { ScoringDefinition } from './scoring-definition';

describe('z and T', () => {
  it('z = (raw - mean) / sd and T = 50 + 10z (hand computed: (3.5 - 2.85) / 0.75 = 0.8667, T 58.67)', () => {
    const z = zScore(3.5, { mean: 2.85, sd: 0.75 });
    expect(z).toBeCloseTo(0.866667, 6);
    expect(tScore(z)).toBeCloseTo(58.66667, 5);
    expect(tScoreDisplay(z)).toBe(58.7);
    expect(tScoreDisplay(-1.234)).toBe(37.7);
  });
  it('refuses a norm without spread', () => {
    expect(() => zScore(3, { mean: 3, sd: 0 })).toThrow(RangeError);
  });
});

describe('stanine', () => {
  // Bands are [cut, next cut): the cut-point itself belongs to the upper band.
  it.each([
    [-1.75, 1, 2],
    [-1.25, 2, 3],
    [-0.75, 3, 4],
    [-0.25, 4, 5],
    [0.25, 5, 6],
    [0.75, 6, 7],
    [1.25, 7, 8],
    [1.75, 8, 9],
  ])('at the cut z = %p: just below is %p, at and just above is %p', (cut, below, atAndAbove) => {
    expect(stanine(cut - 1e-6)).toBe(below);
    expect(stanine(cut)).toBe(atAndAbove);
    expect(stanine(cut + 1e-6)).toBe(atAndAbove);
  });
  it('puts the norm mean in stanine 5 and the extremes in 1 and 9', () => {
    expect(stanine(0)).toBe(5);
    expect(stanine(-4)).toBe(1);
    expect(stanine(4)).toBe(9);
  });
  it('does not let float noise push a score that is on a cut below it', () => {
    // raw 1.7 with norm 1.5 / 0.8 is z = 0.25 on paper (stanine 6) but 0.24999999999999994 in binary.
    const z = zScore(1.7, { mean: 1.5, sd: 0.8 });
    expect(z).toBeLessThan(0.25);
    expect(stanine(z)).toBe(6);
    // 2.9 is z = 1.75 on paper, 1.7499999999999998 in binary: stanine 9, not 8.
    expect(stanine(zScore(2.9, { mean: 1.5, sd: 0.8 }))).toBe(9);
  });
  it('has the 4/7/12/17/20/17/12/7/4 % bands in a normal norm group', () => {
    const edges = [-Infinity, ...STANINE_CUTS, Infinity].map((z) =>
      Number.isFinite(z) ? normalCdf(z) : z > 0 ? 1 : 0,
    );
    const shares = edges.slice(1).map((p, i) => Math.round(100 * (p - edges[i]!)));
    expect(shares).toEqual([4, 7, 12, 17, 20, 17, 12, 7, 4]);
  });
});

describe('percentile', () => {
  it.each([
    [0, 50],
    [1.96, 98], // 97.50 %
    [-1, 16], // 15.87 %
    [1, 84],
    [-1.96, 2], // 2.50 %
    [3, 99], // 99.87 % clamped
    [-3, 1], // 0.13 % clamped
  ])('z = %p is percentile %p', (z, expected) => {
    expect(percentile(z)).toBe(expected);
  });
});

describe('SEM and the 95 % band', () => {
  it('SEM = sd * sqrt(1 - r): 0.75 * sqrt(0.14) = 0.28062; band +- 1.96 SEM = +- 0.55002', () => {
    expect(standardError(0.75, 0.86)).toBeCloseTo(0.280624, 6);
    const band = scoreBand(3.5, { mean: 2.85, sd: 0.75 }, 0.86);
    expect(band.raw.low).toBeCloseTo(3.5 - 0.550024, 5);
    expect(band.raw.high).toBeCloseTo(3.5 + 0.550024, 5);
    // T units: SEM_T = 10 * sqrt(0.14) = 3.74166, band 58.667 +- 7.33365.
    expect(band.semT).toBeCloseTo(3.741657, 6);
    expect(band.t.low).toBeCloseTo(58.666667 - 7.333648, 5);
    expect(band.t.high).toBeCloseTo(58.666667 + 7.333648, 5);
  });
  it('refuses a reliability outside 0..1', () => {
    expect(() => standardError(1, 1.2)).toThrow(RangeError);
  });
});

const definition: ScoringDefinition = {
  scales: [{ id: 'agree5', points: [1, 2, 3, 4, 5].map((value) => ({ value })) }],
  items: [
    { key: 'a1', dimension: 'a', type: 'likert', scale: 'agree5', reverse: false },
    { key: 'a2', dimension: 'a', type: 'likert', scale: 'agree5', reverse: true },
    {
      key: 'b1',
      dimension: 'b',
      type: 'choice',
      options: [
        { key: 'low', score: 1 },
        { key: 'high', score: 5 },
      ],
    },
    { key: 'b2', dimension: 'b', type: 'likert', scale: 'agree5', reverse: false },
  ],
  dimensions: [
    { key: 'a', range: { min: 1, max: 5 }, norm: { mean: 3, sd: 0.8 }, minAnswered: 2, reliability: 0.8 },
    { key: 'b', range: { min: 1, max: 5 }, norm: { mean: 3, sd: 1 }, minAnswered: 2, reliability: 0.75 },
  ],
};

describe('scoreDimensions', () => {
  it('scores each dimension from the answers (hand computed: a = (5 + (6 - 2)) / 2 = 4.5, z = 1.875, T 68.75, stanine 9, percentile 97)', () => {
    const [a, b] = scoreDimensions(definition, { a1: 5, a2: 2, b1: 'high' });
    expect(a).toMatchObject({
      key: 'a',
      raw: 4.5,
      t: 68.75,
      tDisplay: 68.8,
      stanine: 9,
      percentile: 97,
      computable: true,
      answered: 2,
      itemCount: 2,
    });
    expect(a!.z).toBeCloseTo(1.875, 12);
    expect(a!.band!.sem).toBeCloseTo(0.8 * Math.sqrt(0.2), 12);
    // b has one of its two required answers: not computable, no norm score invented.
    expect(b).toEqual({
      key: 'b',
      raw: null,
      z: null,
      t: null,
      tDisplay: null,
      stanine: null,
      percentile: null,
      band: null,
      computable: false,
      answered: 1,
      itemCount: 2,
    });
  });

  it('keeps every score in bounds and gives the same result for the same answers (property)', () => {
    const answer = fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined });
    fc.assert(
      fc.property(answer, answer, fc.constantFrom('low', 'high', undefined), answer, (a1, a2, b1, b2) => {
        const answers = { a1, a2, b1, b2 };
        const scores = scoreDimensions(definition, answers);
        for (const s of scores) {
          if (!s.computable) continue;
          expect(s.stanine).toBeGreaterThanOrEqual(1);
          expect(s.stanine).toBeLessThanOrEqual(9);
          expect(s.percentile).toBeGreaterThanOrEqual(1);
          expect(s.percentile).toBeLessThanOrEqual(99);
          expect(Number.isInteger(s.percentile)).toBe(true);
          expect(s.band!.t.low).toBeLessThan(s.t!);
        }
        expect(scoreDimensions(definition, { ...answers })).toEqual(scores);
      }),
    );
  });

  it('orders stanine, percentile and T with z (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (z, step) => {
          const low = normScore(z, { mean: 0, sd: 1 }, 0.8);
          const high = normScore(z + step, { mean: 0, sd: 1 }, 0.8);
          expect(high.stanine).toBeGreaterThanOrEqual(low.stanine);
          expect(high.percentile).toBeGreaterThanOrEqual(low.percentile);
          expect(high.t).toBeGreaterThanOrEqual(low.t);
        },
      ),
    );
  });
});

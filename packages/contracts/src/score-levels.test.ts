import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stanine, tScore } from '@bq/scoring/norms';
import { SCORE_LEVEL_BANDS, scoreLevelBandOfT, scoreLevelOfStanine, SCORE_LEVELS } from './dashboard';

describe('one band system for a score label and its shading', () => {
  it('names every stanine once, in order, and the bands tile the T scale without gaps', () => {
    expect(SCORE_LEVEL_BANDS.flatMap((b) => b.stanines)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(SCORE_LEVEL_BANDS.map((b) => b.level)).toEqual([...SCORE_LEVELS]);
    for (let i = 1; i < SCORE_LEVEL_BANDS.length; i++) expect(SCORE_LEVEL_BANDS[i]!.tFrom).toBe(SCORE_LEVEL_BANDS[i - 1]!.tTo);
    expect(scoreLevelOfStanine(null)).toBeNull();
  });

  it.each([
    // At the cut-points: z = -0.75 is stanine 4 (average), just below is stanine 3; the same T lands in the same band.
    [-0.75, 'AVERAGE'],
    [-0.7500001, 'BELOW_AVERAGE'],
    [0.75, 'ABOVE_AVERAGE'],
    [1.25, 'HIGH'],
    [-1.25, 'BELOW_AVERAGE'],
    // T = 41 was shaded "average" (40-60) while its stanine 3 read "below average".
    [-0.9, 'BELOW_AVERAGE'],
  ] as const)('z %f: the stanine label and the shaded band agree (%s)', (z, level) => {
    expect(scoreLevelOfStanine(stanine(z))).toBe(level);
    expect(scoreLevelBandOfT(tScore(z)).level).toBe(level);
  });

  it('agree for every z-score (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -4, max: 4, noNaN: true }), (z) => {
        // The stanine compares z rounded to 9 decimals; so does the band here.
        const rounded = Math.round(z * 1e9) / 1e9;
        expect(scoreLevelBandOfT(tScore(rounded)).level).toBe(scoreLevelOfStanine(stanine(z)));
      }),
    );
  });
});

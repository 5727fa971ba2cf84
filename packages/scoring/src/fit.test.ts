import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIT_WEIGHTS, InvalidProfileError, fitFromRmsGap, profileFit, type ProfileTarget } from './fit';

const KEYS = ['a', 'b', 'c', 'd', 'e'] as const;
const onTargetScores = (profile: Record<string, ProfileTarget>) =>
  Object.fromEntries(Object.entries(profile).map(([k, p]) => [k, p.target]));
/** Every profiled dimension `sd` norm sds (10 T points each) below its target. */
const below = (profile: Record<string, ProfileTarget>, sd: number) =>
  Object.fromEntries(Object.entries(profile).map(([k, p]) => [k, p.target - 10 * sd]));

describe('profileFit', () => {
  /*
   * Targets (T) and weights: a 60 x16, b 50 x1, c 40 x4. Scores: a 50, b 70, c 40.
   * Gaps in sds: 1, 2, 0 -> weight x gap^2: 16, 4, 0 -> sum 20; sum of weights 21.
   * D^2 = 20 / 21 = 0.95238; fit = 100 * exp(-0.75 * 0.95238) = 48.954 -> 49.
   * 100 - 48.954 = 51.046 points lost, shared 16 : 4 : 0 -> a 40.837, b 10.209, c 0.
   */
  const profile = {
    a: { target: 60, weight: 16 },
    b: { target: 50, weight: 1 },
    c: { target: 40, weight: 4 },
  };

  it('weights each squared gap and explains the total per dimension (hand computed: 49)', () => {
    const result = profileFit({ a: 50, b: 70, c: 40 }, profile);
    expect(result.fit).toBe(49);
    expect(result.exact).toBeCloseTo(48.954, 3);
    expect(result.rmsGapSd).toBeCloseTo(Math.sqrt(20 / 21), 10);
    expect(result.missing).toEqual([]);
    const [a, b, c] = result.contributions;
    expect(a).toMatchObject({ key: 'a', gap: 10, gapSd: 1, weightedSquaredGap: 16 });
    expect(a!.pointsLost).toBeCloseTo(40.837, 3);
    expect(b).toMatchObject({ key: 'b', gap: 20, gapSd: 2, weightedSquaredGap: 4 });
    expect(b!.pointsLost).toBeCloseTo(10.209, 3);
    expect(c).toMatchObject({ key: 'c', gap: 0, gapSd: 0, weightedSquaredGap: 0, pointsLost: 0 });
  });

  it('gives the worked table of decision 0074 for the same gap on every dimension', () => {
    expect(fitFromRmsGap(0)).toBe(100);
    expect(Math.round(fitFromRmsGap(0.5))).toBe(83);
    expect(Math.round(fitFromRmsGap(1))).toBe(47);
    expect(Math.round(fitFromRmsGap(1.5))).toBe(18);
    expect(Math.round(fitFromRmsGap(2))).toBe(5);
    expect(Math.round(fitFromRmsGap(3))).toBe(0);
    for (const sd of [0.5, 1, 1.5, 2, 3]) {
      expect(profileFit(below(profile, sd), profile).exact).toBeCloseTo(fitFromRmsGap(sd), 10);
    }
  });

  it("scores the review's candidate (2nd-36th percentile against targets of 50) low, not 65", () => {
    // Sophie Keller in the UX review of 2026-12-06, shot 11: six dimensions, weight 1, target 50.
    const sales = Object.fromEntries(
      ['con', 'team', 'res', 'cust', 'ana', 'int'].map((k) => [k, { target: 50, weight: 1 }]),
    );
    const result = profileFit({ con: 29.1, team: 31, res: 33.8, cust: 33.6, ana: 42.5, int: 46.4 }, sales);
    // sum of gap^2 in sds: 4.3681 + 3.61 + 2.6244 + 2.6896 + 0.5625 + 0.1296 = 13.9842; D^2 = 2.3307.
    expect(result.exact).toBeCloseTo(100 * Math.exp(-0.75 * (13.9842 / 6)), 6);
    expect(result.fit).toBe(17);
    expect(result.fit!).toBeLessThan(30);
  });

  it('counts a gap above the target like the same gap below it', () => {
    expect(profileFit({ a: 80, b: 30, c: 60 }, profile)).toMatchObject({ fit: 5 });
    expect(profileFit({ a: 50, b: 70, c: 40 }, profile).exact).toBe(
      profileFit({ a: 70, b: 30, c: 40 }, profile).exact,
    );
  });

  it('leaves a dimension without a score out of the total and names it', () => {
    // Without c: D^2 = (16 + 4) / 17; fit = 100 * exp(-0.75 * 20 / 17) = 41.4 -> 41.
    const result = profileFit({ a: 50, b: 70, c: null }, profile);
    expect(result.fit).toBe(41);
    expect(result.missing).toEqual(['c']);
    expect(result.contributions[2]).toMatchObject({ key: 'c', score: null, gap: null, pointsLost: null });
    expect(profileFit({}, profile)).toMatchObject({
      fit: null,
      exact: null,
      rmsGapSd: null,
      missing: ['a', 'b', 'c'],
    });
  });

  it.each([0, 3, 32, -1, 1.5, Number.NaN])('refuses the weight %p with a typed error', (weight) => {
    expect(() => profileFit({ a: 50 }, { a: { target: 50, weight } })).toThrow(InvalidProfileError);
  });

  const profiles = fc.dictionary(
    fc.constantFrom(...KEYS),
    fc.record({
      target: fc.integer({ min: 20, max: 80 }),
      weight: fc.constantFrom(...FIT_WEIGHTS),
    }),
    { minKeys: 1 },
  );
  const scoreList = fc.array(fc.double({ min: -20, max: 120, noNaN: true }), { minLength: 5, maxLength: 5 });
  const scoresOf = (raw: number[]) => Object.fromEntries(KEYS.map((k, i) => [k, raw[i]!]));

  it('is a whole number 0-100, exactly 100 on every target, and its points lost add up to 100 - fit (property)', () => {
    fc.assert(
      fc.property(profiles, scoreList, (profile, raw) => {
        const result = profileFit(scoresOf(raw), profile);
        expect(Number.isInteger(result.fit)).toBe(true);
        expect(result.fit).toBeGreaterThanOrEqual(0);
        expect(result.fit).toBeLessThanOrEqual(100);
        const lost = result.contributions.reduce((sum, c) => sum + (c.pointsLost ?? 0), 0);
        expect(lost).toBeCloseTo(100 - result.exact!, 8);
        for (const c of result.contributions)
          expect(c.weightedSquaredGap).toBeCloseTo(c.weight * c.gapSd! ** 2, 10);
        expect(profileFit(onTargetScores(profile), profile)).toMatchObject({ fit: 100, exact: 100 });
      }),
    );
  });

  it('never scores a candidate lower who is at least as near every target (property)', () => {
    fc.assert(
      fc.property(
        profiles,
        scoreList,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (profile, raw, shrink) => {
          const far = scoresOf(raw);
          // The nearer candidate: each score moved towards its target by a share of the gap (possibly none).
          const near = Object.fromEntries(
            KEYS.map((k, i) => {
              const target = profile[k]?.target ?? 50;
              return [k, target + (far[k]! - target) * shrink[i]!];
            }),
          );
          const nearFit = profileFit(near, profile);
          const farFit = profileFit(far, profile);
          expect(nearFit.exact!).toBeGreaterThanOrEqual(farFit.exact! - 1e-9);
          expect(nearFit.fit!).toBeGreaterThanOrEqual(farFit.fit!);
        },
      ),
    );
  });

  it('is near 0 (at most 5) for a candidate 2 sds or more from every target (property)', () => {
    fc.assert(
      fc.property(
        profiles,
        fc.array(fc.double({ min: 2, max: 6, noNaN: true }), { minLength: 5, maxLength: 5 }),
        fc.boolean(),
        (profile, sds, above) => {
          const scores = Object.fromEntries(
            KEYS.map((k, i) => [k, (profile[k]?.target ?? 50) + (above ? 10 : -10) * sds[i]!]),
          );
          expect(profileFit(scores, profile).fit).toBeLessThanOrEqual(5);
        },
      ),
    );
  });

  it('charges a gap on a heavier dimension more than the same gap on a lighter one (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIT_WEIGHTS),
        fc.constantFrom(...FIT_WEIGHTS),
        fc.double({ min: 0.1, max: 4, noNaN: true }),
        fc.integer({ min: 30, max: 70 }),
        (w1, w2, gapSd, target) => {
          fc.pre(w1 !== w2);
          const [light, heavy] = w1 < w2 ? [w1, w2] : [w2, w1];
          const profile = { a: { target, weight: heavy }, b: { target, weight: light } };
          const gapOnHeavy = profileFit({ a: target - 10 * gapSd, b: target }, profile).exact!;
          const gapOnLight = profileFit({ a: target, b: target - 10 * gapSd }, profile).exact!;
          expect(gapOnHeavy).toBeLessThan(gapOnLight);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIT_WEIGHTS, InvalidProfileError, profileFit, type ProfileTarget } from './fit';

describe('profileFit', () => {
  /*
   * Targets (T) and weights: a 60 x16, b 50 x1, c 40 x4. Scores: a 50, b 70, c 40.
   * Gaps 10, 20, 0 -> normalised by 40: 0.25, 0.5, 0 -> weighted 4, 0.5, 0 -> sum 4.5; sum of weights 21.
   * fit = 100 * (1 - 4.5 / 21) = 78.571 -> 79. Points lost: a 100 * 4 / 21 = 19.05, b 2.38, c 0.
   */
  const profile = {
    a: { target: 60, weight: 16 },
    b: { target: 50, weight: 1 },
    c: { target: 40, weight: 4 },
  };

  it('weights each gap and explains the total per dimension (hand computed: 79)', () => {
    const result = profileFit({ a: 50, b: 70, c: 40 }, profile);
    expect(result.fit).toBe(79);
    expect(result.exact).toBeCloseTo(78.5714, 4);
    expect(result.missing).toEqual([]);
    const [a, b, c] = result.contributions;
    expect(a).toMatchObject({ key: 'a', gap: 10, normalisedGap: 0.25, weightedGap: 4 });
    expect(a!.pointsLost).toBeCloseTo(19.0476, 4);
    expect(b).toMatchObject({ key: 'b', gap: 20, normalisedGap: 0.5, weightedGap: 0.5 });
    expect(b!.pointsLost).toBeCloseTo(2.381, 3);
    expect(c).toMatchObject({ key: 'c', gap: 0, weightedGap: 0, pointsLost: 0 });
  });

  it('caps a gap at 40 T points, so one extreme dimension costs at most its weight', () => {
    // a: gap 45 -> 1 (not 1.125) -> weighted 16; fit = 100 * (1 - 16/21) = 23.8 -> 24.
    expect(profileFit({ a: 15, b: 50, c: 40 }, profile).fit).toBe(24);
    expect(profileFit({ a: 10, b: 100, c: 90 }, profile).fit).toBe(0);
  });

  it('leaves a dimension without a score out of the total and names it', () => {
    // Without c: weights 16 + 1 = 17, lost 4 + 0.5 -> 100 * (1 - 4.5/17) = 73.5 -> 74.
    const result = profileFit({ a: 50, b: 70, c: null }, profile);
    expect(result.fit).toBe(74);
    expect(result.missing).toEqual(['c']);
    expect(profileFit({}, profile)).toMatchObject({ fit: null, missing: ['a', 'b', 'c'] });
  });

  it.each([0, 3, 32, -1, 1.5, Number.NaN])('refuses the weight %p with a typed error', (weight) => {
    expect(() => profileFit({ a: 50 }, { a: { target: 50, weight } })).toThrow(InvalidProfileError);
  });

  const targets = fc.dictionary(
    fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    fc.record({
      target: fc.double({ min: 20, max: 80, noNaN: true }),
      weight: fc.constantFrom(...FIT_WEIGHTS),
    }),
    { minKeys: 1 },
  );

  it('stays a whole number 0-100 and is 100 exactly on target (property)', () => {
    fc.assert(
      fc.property(
        targets,
        fc.array(fc.double({ min: -20, max: 120, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (profile, raw) => {
          const scores = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((k, i) => [k, raw[i]!]));
          const { fit } = profileFit(scores, profile);
          expect(Number.isInteger(fit)).toBe(true);
          expect(fit).toBeGreaterThanOrEqual(0);
          expect(fit).toBeLessThanOrEqual(100);
          const onTarget = Object.fromEntries(
            Object.entries(profile).map(([k, p]) => [k, (p as ProfileTarget).target]),
          );
          expect(profileFit(onTarget, profile).fit).toBe(100);
          expect(profileFit(scores, profile)).toEqual(profileFit({ ...scores }, profile));
        },
      ),
    );
  });

  it('never improves when a score moves away from its target (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (score, away, more) => {
          const profile = { a: { target: 50, weight: 8 }, b: { target: 55, weight: 2 } };
          const near = profileFit({ a: 50 + away, b: score }, profile).exact!;
          const far = profileFit({ a: 50 + away + more, b: score }, profile).exact!;
          expect(far).toBeLessThanOrEqual(near);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareProfiles, comparisonDrivers, swapToFirst, type ComparedProfile } from './comparison';
import { profileSimilarity } from './similarity';

const KEYS = ['a', 'b', 'c', 'd'];
const profileArb = (id: string) =>
  fc
    .tuple(...KEYS.map(() => fc.double({ min: 20, max: 80, noNaN: true })))
    .map((values): ComparedProfile => ({
      id,
      scores: Object.fromEntries(KEYS.map((k, i) => [k, values[i]!])),
    }));
const profilesArb = fc
  .integer({ min: 2, max: 10 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => profileArb(`p${i}`))));

describe('compareProfiles', () => {
  it('gives the first none and every other one its similarity to the first (hand example)', () => {
    const first = { id: 'x', scores: { a: 40, b: 60 } };
    const same = { id: 'y', scores: { a: 40, b: 60 } };
    // Same shape, 10 T points higher everywhere: shape 1, level 1 - 10/40 = 0.75 -> 88 (87.5 rounds up).
    const higher = { id: 'z', scores: { a: 50, b: 70 } };
    const [r0, r1, r2] = compareProfiles([first, same, higher]);
    expect(r0).toMatchObject({ id: 'x', similarity: null, drivers: [] });
    expect(r1).toMatchObject({ similarity: 100, shape: 100, level: 100 });
    expect(r2).toMatchObject({ similarity: 88, shape: 100, level: 75 });
    expect(r2!.drivers).toEqual([
      { key: 'a', difference: 10, levelShare: 50, sameDirection: true },
      { key: 'b', difference: 10, levelShare: 50, sameDirection: true },
    ]);
  });

  it('names the dimension that pulls two profiles apart', () => {
    const drivers = comparisonDrivers(
      { id: 'r', scores: { a: 50, b: 50, c: 50 } },
      { id: 'o', scores: { a: 50, b: 52, c: 68 } },
    );
    expect(drivers.find((d) => d.key === 'c')!.levelShare).toBe(90);
    expect(drivers.find((d) => d.key === 'a')!.levelShare).toBe(0);
  });

  it('marks a profile with other dimensions as not comparable (-1)', () => {
    const [, other] = compareProfiles([
      { id: 'r', scores: { a: 50, b: 60 } },
      { id: 'o', scores: { x: 50, y: 60 } },
    ]);
    expect(other!.similarity).toBe(-1);
  });

  it('after a swap the new first has none and the others are recomputed against it', () => {
    fc.assert(
      fc.property(profilesArb, fc.nat(), (profiles, pick) => {
        const chosen = profiles[pick % profiles.length]!;
        const swapped = swapToFirst(profiles, chosen.id);
        expect(swapped.map((p) => p.id).sort()).toEqual(profiles.map((p) => p.id).sort());
        const results = compareProfiles(swapped);
        expect(results[0]).toMatchObject({ id: chosen.id, similarity: null });
        for (const [i, r] of results.entries()) {
          if (i === 0) continue;
          expect(r.similarity).toBe(
            profileSimilarity({ scores: chosen.scores }, { scores: swapped[i]!.scores }).similarity,
          );
          expect(Number.isInteger(r.similarity)).toBe(true);
          expect(r.similarity).toBeGreaterThanOrEqual(0);
          expect(r.similarity).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('is symmetric: A against B equals B against A, so swapping two leaves their similarity', () => {
    fc.assert(
      fc.property(profileArb('a'), profileArb('b'), (a, b) => {
        const ab = compareProfiles([a, b])[1]!;
        const ba = compareProfiles(swapToFirst([a, b], 'b'))[1]!;
        expect(ba.similarity).toBe(ab.similarity);
        expect(ba.shape).toBe(ab.shape);
        expect(ba.level).toBe(ab.level);
      }),
    );
  });

  it('level shares add up to about 100 when the profiles differ', () => {
    fc.assert(
      fc.property(profileArb('a'), profileArb('b'), (a, b) => {
        const shares = comparisonDrivers(a, b).map((d) => d.levelShare ?? 0);
        const sum = shares.reduce((s, v) => s + v, 0);
        expect(sum === 0 || Math.abs(sum - 100) <= KEYS.length).toBe(true);
      }),
    );
  });
});

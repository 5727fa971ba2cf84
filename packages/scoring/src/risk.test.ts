import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskProfile, toleranceClass, type RiskRules } from './risk';

// The rules of the risk definition (risk.json, version 1), written out so the hand computations below stay put.
const rules: RiskRules = {
  toleranceDimension: 'tolerance',
  capacityDimension: 'capacity',
  lossReactionDimension: 'loss_reaction',
  horizonDimension: 'horizon',
  knowledgeDimension: 'knowledge',
  selfEstimateItem: 'self_estimate',
  classCuts: [1.57, 2.14, 2.71, 3.29, 3.86, 4.43],
  caps: [
    {
      dimension: 'capacity',
      bands: [
        { below: 2, maxClass: 2 },
        { below: 2.75, maxClass: 4 },
        { below: 3.5, maxClass: 6 },
      ],
    },
    {
      dimension: 'knowledge',
      bands: [
        { below: 1.75, maxClass: 3 },
        { below: 2.5, maxClass: 5 },
      ],
    },
    {
      dimension: 'horizon',
      bands: [
        { below: 1.75, maxClass: 2 },
        { below: 2.5, maxClass: 3 },
        { below: 3.25, maxClass: 5 },
      ],
    },
    {
      dimension: 'loss_reaction',
      bands: [
        { below: 2, maxClass: 3 },
        { below: 2.75, maxClass: 5 },
      ],
    },
  ],
  consistencyFlagGap: 3,
};

describe('toleranceClass', () => {
  it.each([
    [1, 1],
    [1.5699, 1],
    [1.57, 2], // at a cut: the upper class
    [2.14, 3],
    [2.7, 3],
    [3.29, 5],
    [4.4299, 6],
    [4.43, 7],
    [5, 7],
  ])('tolerance %p gives class %p', (score, expected) => {
    expect(toleranceClass(score, rules.classCuts)).toBe(expected);
  });
  it('refuses cuts that are not six ascending numbers', () => {
    expect(() => toleranceClass(3, [1, 2, 3])).toThrow(RangeError);
    expect(() => toleranceClass(3, [1, 2, 3, 3, 4, 5])).toThrow(RangeError);
  });
});

describe('riskProfile', () => {
  /*
   * tolerance 4.0 -> class 6 (3.86 <= 4.0 < 4.43). Caps: capacity 2.5 < 2.75 -> 4; knowledge 3 matches no band -> 7;
   * horizon 3.0 < 3.25 -> 5; loss reaction 2.9 matches none -> 7. Suitable = min(6, 4, 7, 5, 7) = 4.
   * Consistency: |6 - 4| = 2 < 3 (capacity fine); self-estimate 2: |6 - 2| = 4 >= 3 -> flagged.
   */
  it('lowers the tolerance class by the caps, names them, and flags a self-estimate far off', () => {
    const profile = riskProfile(
      { tolerance: 4, capacity: 2.5, knowledge: 3, horizon: 3, loss_reaction: 2.9 },
      2,
      rules,
    )!;
    expect(profile.toleranceClass).toBe(6);
    expect(profile.capClass).toBe(4);
    expect(profile.suitableClass).toBe(4);
    expect(profile.caps.map((c) => [c.dimension, c.maxClass, c.lowers])).toEqual([
      ['capacity', 4, true],
      ['knowledge', 7, false],
      ['horizon', 5, true],
      ['loss_reaction', 7, false],
    ]);
    expect(profile.caps[0]!.band).toEqual({ below: 2.75, maxClass: 4 });
    expect(profile.capacityAllowedClass).toBe(4);
    expect(profile.consistency).toEqual({
      flagged: true,
      reasons: [{ kind: 'tolerance_vs_self_estimate', toleranceClass: 6, otherClass: 2, gap: 4 }],
    });
    expect(profile.portfolio).toEqual({ riskClass: 4, equityShare: 0.4, bondShare: 0.6, cashShare: 0 });
  });

  it('flags tolerance far from what capacity allows', () => {
    // tolerance 4.5 -> 7; capacity 1.8 < 2 -> 2: gap 5 >= 3. Self-estimate 6 is close (gap 1).
    const profile = riskProfile(
      { tolerance: 4.5, capacity: 1.8, knowledge: 4, horizon: 4, loss_reaction: 4 },
      6,
      rules,
    )!;
    expect(profile.suitableClass).toBe(2);
    expect(profile.consistency.reasons).toEqual([
      { kind: 'tolerance_vs_capacity', toleranceClass: 7, otherClass: 2, gap: 5 },
    ]);
  });

  it('keeps the tolerance class when nothing caps it and the answers agree', () => {
    const profile = riskProfile(
      { tolerance: 3.3, capacity: 4, knowledge: 4, horizon: 4, loss_reaction: 4 },
      5,
      rules,
    )!;
    expect(profile).toMatchObject({
      toleranceClass: 5,
      capClass: 7,
      suitableClass: 5,
      capacityAllowedClass: 7,
      consistency: { flagged: false, reasons: [] },
    });
  });

  it('applies the most restrictive band for a cap dimension that is not computable', () => {
    const profile = riskProfile(
      { tolerance: 4.5, capacity: null, knowledge: 4, horizon: 4, loss_reaction: 4 },
      null,
      rules,
    )!;
    expect(profile.caps[0]).toMatchObject({ dimension: 'capacity', score: null, maxClass: 2, assumed: true });
    expect(profile.suitableClass).toBe(2);
    // An assumed capacity is not used to flag inconsistency.
    expect(profile.capacityAllowedClass).toBeNull();
    expect(profile.consistency.flagged).toBe(false);
  });

  it('has no profile without a tolerance score, and refuses an impossible self-estimate', () => {
    expect(riskProfile({ tolerance: null, capacity: 3 }, 4, rules)).toBeNull();
    expect(() => riskProfile({ tolerance: 3 }, 8, rules)).toThrow(RangeError);
  });

  const definitionsDir = new URL(
    '../../../apps/server/src/features/interactions/definitions/',
    import.meta.url,
  );
  const realRules = readdirSync(definitionsDir)
    .map((file) => JSON.parse(readFileSync(new URL(file, definitionsDir), 'utf8')) as { risk?: RiskRules })
    .flatMap((d) => (d.risk ? [d.risk] : []));

  it('always gives a class 1-7 that no applicable cap forbids, deterministically (property, real rules)', () => {
    expect(realRules.length).toBeGreaterThan(0);
    const score = fc.option(fc.double({ min: 1, max: 5, noNaN: true }), { nil: null, freq: 8 });
    fc.assert(
      fc.property(
        fc.constantFrom(...realRules),
        score,
        score,
        score,
        score,
        score,
        fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }),
        (r, tolerance, capacity, knowledge, horizon, loss, selfEstimate) => {
          const scores = {
            [r.toleranceDimension]: tolerance,
            [r.capacityDimension]: capacity,
            [r.knowledgeDimension]: knowledge,
            [r.horizonDimension]: horizon,
            [r.lossReactionDimension]: loss,
          };
          const profile = riskProfile(scores, selfEstimate, r);
          if (tolerance === null) {
            expect(profile).toBeNull();
            return;
          }
          expect(profile!.suitableClass).toBeGreaterThanOrEqual(1);
          expect(profile!.suitableClass).toBeLessThanOrEqual(7);
          expect(profile!.suitableClass).toBeLessThanOrEqual(profile!.toleranceClass);
          // Independently of the engine: every band that matches a known score must allow the suitable class.
          for (const cap of r.caps) {
            const s = scores[cap.dimension];
            if (typeof s !== 'number') continue;
            const band = cap.bands.find((b) => s < b.below);
            if (band) expect(profile!.suitableClass).toBeLessThanOrEqual(band.maxClass);
          }
          expect(riskProfile({ ...scores }, selfEstimate, r)).toEqual(profile);
        },
      ),
    );
  });
});

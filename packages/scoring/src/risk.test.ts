import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadInteractionDefinitions } from '../../../apps/server/src/features/interactions/definitions';
import { scoreDimensions } from './norms';
import { classForLoss, riskProfile, toleranceClass, type AppliedRule, type RiskRules } from './risk';

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

  // Every shipped version's rules (reading files is fine in tests, never in src).
  const realRules = [...loadInteractionDefinitions().values()]
    .flat()
    .flatMap((d) => (d.risk ? [d.risk as RiskRules] : []));

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
          // No answers: the hard rules of version 2 then assume their most restrictive class, never a higher one.
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

// ---- Version 2 (decision 0013): hard rules on single answers, the knowledge test and the verdict flag ----

const definitions = loadInteractionDefinitions();
const riskV2 = definitions.get('risk')!.find((d) => d.version === 2)!;
const v2Definitions = [...definitions.values()].flat().filter((d) => d.version === 2 && d.risk);
type Answers = Record<string, number | string>;

/** The boldest answer to every item (highest option score; likert mirrored when reverse-keyed). */
function boldAnswers(definition = riskV2): Answers {
  const answers: Answers = {};
  for (const item of definition.items) {
    // Facts outside the dimensions (age, vulnerability, amounts, ...) take their first option.
    if (item.type === 'choice') answers[item.key] = item.dimension === null ? item.options[0]!.key : item.options.reduce((a, b) => (b.score > a.score ? b : a)).key;
    else answers[item.key] = item.reverse ? 1 : 5;
  }
  for (const q of definition.risk!.knowledgeTest!.questions) answers[q.item] = q.correct;
  return { ...answers, self_estimate: 7, amount_band: 'lt10k', loss_money: 'k5to10k' };
}

function profileOf(answers: Answers, definition = riskV2) {
  const raw = Object.fromEntries(scoreDimensions(definition, answers).map((d) => [d.key, d.raw]));
  const selfEstimate = answers[definition.risk!.selfEstimateItem];
  return riskProfile(raw, typeof selfEstimate === 'number' ? selfEstimate : null, definition.risk as RiskRules, answers)!;
}
const rule = (profile: ReturnType<typeof profileOf>, key: string) => profile.rules!.find((r) => r.key === key)!;

describe('riskProfile, version 2 rules', () => {
  it('gives the boldest client class 7 with no cap and no flag', () => {
    const profile = profileOf(boldAnswers());
    expect(profile).toMatchObject({ toleranceClass: 7, suitableClass: 7, capClass: 7, consistency: { flagged: false, reasons: [], direction: null } });
    expect(profile.rules!.every((r) => !r.lowers)).toBe(true);
    expect(profile.knowledge).toEqual({ asked: 3, failed: [] });
  });

  it('caps the class at 2 when the money is needed in 1-3 years, however firmly the client agrees to stay invested (issue 11)', () => {
    const profile = profileOf({ ...boldAnswers(), horizon_1: 'y1to3', horizon_3: 5 });
    expect(profile.toleranceClass).toBe(7);
    expect(profile.suitableClass).toBe(2);
    expect(rule(profile, 'horizon')).toEqual({ kind: 'ANSWER', key: 'horizon', item: 'horizon_1', answer: 'y1to3', maxClass: 2, lowers: true, assumed: false });
    // The client still calls themselves a 7: five classes above the verdict, one sentence, one direction.
    expect(profile.consistency).toEqual({
      flagged: true,
      reasons: [{ kind: 'self_estimate_above_suitable', selfEstimate: 7, suitableClass: 2, gap: 5 }],
      direction: 'ABOVE',
    });
  });

  it.each([
    ['liquidity_need', 'more_than_half', 'liquidity', 1],
    ['liquidity_need', 'up_to_half', 'liquidity', 3],
    ['dependence', 'largely', 'dependence', 2],
    ['dependence', 'partly', 'dependence', 4],
    ['borrowing', 'much', 'borrowing', 3],
    ['objective', 'keep_safe', 'objective', 2],
    ['horizon_1', 'lt1y', 'horizon', 1],
  ])('caps the class when %s is %s (rule %s: at most %i)', (item, answer, key, max) => {
    const profile = profileOf({ ...boldAnswers(), [item]: answer });
    expect(rule(profile, key)).toMatchObject({ maxClass: max, lowers: true });
    expect(profile.suitableClass).toBeLessThanOrEqual(max);
  });

  it('caps the class when both classic test questions are failed, despite high self-rated experience, and says what to explain (issue 11)', () => {
    const answers: Answers = { ...boldAnswers(), knowledge_check_1: 'rises', knowledge_check_2: 'cannot_fall' };
    expect(answers.knowledge_shares).toBe('regular');
    const profile = profileOf(answers);
    expect(rule(profile, 'knowledge_test')).toEqual({
      kind: 'KNOWLEDGE_TEST',
      key: 'knowledge_test',
      asked: 3,
      failed: ['knowledge_check_1', 'knowledge_check_2'],
      maxClass: 4,
      lowers: true,
      assumed: false,
    });
    expect(profile.suitableClass).toBe(4);
    expect(profile.knowledge!.failed.map((f) => f.explainKey)).toEqual([
      'suitability.explain.knowledge_check_1',
      'suitability.explain.knowledge_check_2',
    ]);
    // "I don't know" is no better than a wrong answer; all three failed allow at most class 3.
    expect(profileOf({ ...answers, knowledge_check_3: 'dont_know' }).suitableClass).toBe(3);
    expect(profileOf({ ...boldAnswers(), knowledge_check_3: 'small_moves' }).suitableClass).toBe(5);
  });

  it('caps the class by the loss accepted in percent and by the loss bearable in money against the amount', () => {
    expect(rule(profileOf({ ...boldAnswers(), loss_percent: 'p10' }), 'loss_percent')).toMatchObject({ share: 0.1, maxClass: 3, lowers: true });
    expect(rule(profileOf({ ...boldAnswers(), loss_percent: 'none' }), 'loss_percent')).toMatchObject({ share: 0, maxClass: 1 });
    // 1,000-2,500 of 10,000-50,000: about 1,581 of 22,361 = 7.1 %, at most class 3 (severe fall 7 %).
    const money = rule(profileOf({ ...boldAnswers(), amount_band: 'k10to50k', loss_money: 'k1to2_5k' }), 'loss_money');
    expect(money).toMatchObject({ kind: 'LOSS_MONEY', answer: 'k1to2_5k', amountAnswer: 'k10to50k', maxClass: 3, lowers: true });
    expect((money as Extract<AppliedRule, { kind: 'LOSS_MONEY' }>).share).toBeCloseTo(1581 / 22361, 9);
    expect(rule(profileOf({ ...boldAnswers(), amount_band: 'gt1m', loss_money: 'lt1k' }), 'loss_money')).toMatchObject({ maxClass: 1 });
  });

  it('maps a bearable share to the highest class whose severe one-year fall fits in it', () => {
    const losses = riskV2.risk!.lossCaps!.classLoss;
    expect(losses).toEqual([0.05, 0.06, 0.07, 0.11, 0.16, 0.21, 0.27]);
    expect([0, 0.049, 0.05, 0.0599, 0.06, 0.1, 0.11, 0.2, 0.269, 0.27, 1].map((s) => classForLoss(s, losses))).toEqual([1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 7]);
  });

  it('assumes the most restrictive class for a rule whose answer is missing', () => {
    const { horizon_1: _, loss_money: __, ...answers } = boldAnswers();
    const profile = profileOf(answers);
    expect(rule(profile, 'horizon')).toMatchObject({ answer: null, maxClass: 1, assumed: true });
    expect(rule(profile, 'loss_money')).toMatchObject({ share: null, maxClass: 1, assumed: true });
    expect(profile.suitableClass).toBe(1);
  });

  it('flags a self-estimate two classes or more below the verdict, and not a tolerance below what capacity allows', () => {
    expect(profileOf({ ...boldAnswers(), self_estimate: 5 }).consistency).toMatchObject({
      flagged: true,
      reasons: [{ kind: 'self_estimate_below_suitable', selfEstimate: 5, suitableClass: 7, gap: 2 }],
      direction: 'BELOW',
    });
    expect(profileOf({ ...boldAnswers(), self_estimate: 6 }).consistency.flagged).toBe(false);
    // A cautious attitude (class 1) with ample capacity: the verdict follows the attitude, the client agrees.
    const cautious = { ...boldAnswers(), tolerance_7: 'very_narrow', tolerance_1: 1, tolerance_2: 5, tolerance_3: 1, objective: 'income', loss_percent: 'p5', self_estimate: 1 };
    const profile = profileOf(cautious);
    expect(profile.toleranceClass).toBe(1);
    expect(profile.capacityAllowedClass).toBe(7);
    expect(profile.consistency.flagged).toBe(false);
  });

  it('never gives a class a rule forbids, and never a flag with two reasons or the wrong direction (property, every v2 definition)', () => {
    const answerArb = (definition: (typeof v2Definitions)[number]) =>
      fc.record(
        Object.fromEntries(
          definition.items.map((item) => [
            item.key,
            item.type === 'choice'
              ? fc.constantFrom(...item.options.map((o) => o.key))
              : fc.integer({ min: 1, max: item.scale === 'investor7' ? 7 : 5 }),
          ]),
        ) as Record<string, fc.Arbitrary<string | number>>,
      );
    for (const definition of v2Definitions) {
      const r = definition.risk!;
      fc.assert(
        fc.property(answerArb(definition), (answers) => {
          const profile = profileOf(answers, definition);
          // Independently of the engine: every answer cap's table and the knowledge test bound the class.
          for (const cap of r.answerCaps!) {
            const max = cap.maxClass[String(answers[cap.item])];
            if (max !== undefined) expect(profile.suitableClass).toBeLessThanOrEqual(max);
          }
          const failed = r.knowledgeTest!.questions.filter((q) => answers[q.item] !== q.correct).length;
          expect(profile.suitableClass).toBeLessThanOrEqual(r.knowledgeTest!.maxClassByFailed[failed]!);
          const accepted = r.lossCaps!.percent.share[String(answers[r.lossCaps!.percent.item])]!;
          expect(r.lossCaps!.classLoss[profile.suitableClass - 1]! <= accepted || profile.suitableClass === 1).toBe(true);
          expect(profile.suitableClass).toBeLessThanOrEqual(profile.toleranceClass);
          const { flagged, reasons, direction } = profile.consistency;
          expect(reasons.length).toBe(flagged ? 1 : 0);
          const gap = Number(answers.self_estimate) - profile.suitableClass;
          expect(flagged).toBe(Math.abs(gap) >= r.consistency!.minGap);
          expect(direction).toBe(!flagged ? null : gap > 0 ? 'ABOVE' : 'BELOW');
        }),
        { numRuns: 300 },
      );
    }
  });
});

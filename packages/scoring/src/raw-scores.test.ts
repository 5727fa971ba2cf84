import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAnswer, itemScore, rawDimensionScores, type ScoringItem } from './raw-scores';

const likert = (key: string, dimension: string, reverse = false): ScoringItem => ({ key, dimension, type: 'likert', reverse, scaleMin: 1, scaleMax: 5 });
const choice: ScoringItem = { key: 'h', dimension: 'horizon', type: 'choice', options: [{ key: 'short', score: 1 }, { key: 'long', score: 5 }] };

describe('itemScore', () => {
  it('keeps a likert answer and mirrors it for a reverse-keyed item (1..5: 2 -> 4)', () => {
    expect(itemScore(likert('a', 'd'), 2)).toBe(2);
    expect(itemScore(likert('a', 'd', true), 2)).toBe(4);
    expect(itemScore(likert('a', 'd', true), 3)).toBe(3);
  });
  it('scores a choice by its option', () => {
    expect(itemScore(choice, 'long')).toBe(5);
  });
  it.each([0, 6, 2.5, '3', null, undefined, Number.NaN])('treats %p as no answer on a 1-5 scale', (value) => {
    expect(itemScore(likert('a', 'd'), value)).toBeNull();
  });
  it('refuses unknown option keys', () => {
    expect(isValidAnswer(choice, 'medium')).toBe(false);
    expect(itemScore(choice, 5)).toBeNull();
  });
});

describe('rawDimensionScores', () => {
  const items = [likert('a1', 'a'), likert('a2', 'a', true), likert('a3', 'a'), likert('b1', 'b'), likert('b2', 'b'), choice];
  const dims = [{ key: 'a', minAnswered: 2 }, { key: 'b', minAnswered: 2 }, { key: 'horizon', minAnswered: 1 }];

  it('averages answered items with reverse keying (hand computed: (4 + (6-1) + 3) / 3 = 4)', () => {
    const [a] = rawDimensionScores(items, dims, { a1: 4, a2: 1, a3: 3 });
    expect(a).toEqual({ key: 'a', raw: 4, answered: 3, itemCount: 3, computable: true });
  });

  it('is not computable below the minimum answered items, rather than guessing', () => {
    const [, b, horizon] = rawDimensionScores(items, dims, { b1: 5, h: 'short' });
    expect(b).toEqual({ key: 'b', raw: null, answered: 1, itemCount: 2, computable: false });
    expect(horizon!.raw).toBe(1);
  });

  it('stays within the scale and gives the same result for the same answers (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }), ([x, y, z]) => {
        const answers = { a1: x, a2: y, a3: z };
        const first = rawDimensionScores(items, dims, answers)[0]!;
        expect(first.raw).toBeGreaterThanOrEqual(1);
        expect(first.raw).toBeLessThanOrEqual(5);
        expect(rawDimensionScores(items, dims, answers)[0]).toEqual(first);
      }),
    );
  });
});

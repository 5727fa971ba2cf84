import { describe, expect, it } from 'vitest';
import { alphaByDimension, cronbachAlpha } from './reliability';
import type { ScoringDefinition } from './scoring-definition';

/*
 * Textbook example, 5 respondents x 3 items:
 *   r1: 2 3 3  total  8        item 1: 2 4 3 5 1  mean 3    squares of deviations 1+1+0+4+4      = 10   -> var 2.5
 *   r2: 4 4 5  total 13        item 2: 3 4 3 4 2  mean 3.2  .04+.64+.04+.64+1.44                 = 2.8  -> var 0.7
 *   r3: 3 3 4  total 10        item 3: 3 5 4 5 2  mean 3.8  .64+1.44+.04+1.44+3.24               = 6.8  -> var 1.7
 *   r4: 5 4 5  total 14        totals: 8 13 10 14 5 mean 10  4+9+0+16+25                         = 54   -> var 13.5
 *   r5: 1 2 2  total  5        (sample variances, divisor n - 1 = 4)
 * alpha = k/(k-1) * (1 - sum item var / total var) = 3/2 * (1 - 4.9/13.5) = 1.5 * 8.6/13.5 = 12.9/13.5 = 43/45
 *       = 0.955556
 */
const textbook = [
  [2, 3, 3],
  [4, 4, 5],
  [3, 3, 4],
  [5, 4, 5],
  [1, 2, 2],
];

describe('cronbachAlpha', () => {
  it('matches the hand-computed textbook example (43/45)', () => {
    expect(cronbachAlpha(textbook)).toBeCloseTo(43 / 45, 12);
  });

  it('leaves incomplete respondents out (listwise), so they do not change alpha', () => {
    expect(cronbachAlpha([...textbook, [5, null, 1], [undefined, 1, 1], [Number.NaN, 2, 2]])).toBeCloseTo(
      43 / 45,
      12,
    );
  });

  it('is negative when items work against each other (not clipped)', () => {
    // Item 2 is item 1 mirrored: totals constant except for item 3's noise -> alpha well below 0.
    expect(
      cronbachAlpha([
        [1, 5, 3],
        [2, 4, 2],
        [4, 2, 4],
        [5, 1, 3],
      ]),
    ).toBeLessThan(0);
  });

  it.each([
    ['one item', [[1], [2], [3]]],
    [
      'one complete respondent',
      [
        [1, 2, 3],
        [2, null, 1],
      ],
    ],
    ['no respondents', []],
    [
      'totals that do not vary',
      [
        [1, 2],
        [2, 1],
        [3, 0],
      ],
    ],
  ])('is null with %s', (_name, rows) => {
    expect(cronbachAlpha(rows)).toBeNull();
  });

  it('refuses rows of different lengths', () => {
    expect(() =>
      cronbachAlpha([
        [1, 2],
        [1, 2, 3],
      ]),
    ).toThrow(RangeError);
  });
});

describe('alphaByDimension', () => {
  it('reverse-keys items before computing alpha, as scoring does', () => {
    const definition: ScoringDefinition = {
      scales: [{ id: 'five', points: [1, 2, 3, 4, 5].map((value) => ({ value })) }],
      items: [
        { key: 'i1', dimension: 'd', type: 'likert', scale: 'five', reverse: false },
        { key: 'i2', dimension: 'd', type: 'likert', scale: 'five', reverse: false },
        { key: 'i3', dimension: 'd', type: 'likert', scale: 'five', reverse: true },
      ],
      dimensions: [
        { key: 'd', range: { min: 1, max: 5 }, norm: { mean: 3, sd: 1 }, minAnswered: 2, reliability: 0.8 },
      ],
    };
    // The textbook rows with item 3 answered mirrored (6 - x): after reverse keying they are the textbook again.
    const answerSets = textbook.map(([a, b, c]) => ({ i1: a, i2: b, i3: 6 - c! }));
    const [d] = alphaByDimension(definition, [...answerSets, { i1: 3 }]);
    expect(d).toEqual({ key: 'd', alpha: expect.closeTo(43 / 45, 12), itemCount: 3, respondents: 5 });
  });
});

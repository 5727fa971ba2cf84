// "Why this score" (issue 25 point 4): which answers moved a dimension and by how much. The scoring is rule based
// (raw-scores.ts, norms.ts), so the explanation is exact rather than an attribution model:
//   raw = (s_1 + ... + s_n) / n                    -> answer i contributes s_i / n to the raw score;
//   T   = 50 + 10 (raw - mean) / sd
//       = 50 + sum_i 10 (s_i - mean) / (n sd)      -> answer i moves T by 10 (s_i - mean) / (n sd) from 50,
// where s_i is the item score (reverse keying applied) and n the number of answered items. The contributions add
// up to the raw score and, with the starting point 50 (the norm group's average), to the T-score.
import { roundTo } from './precision';
import { itemScore, type AnswerValue } from './raw-scores';
import { T_MEAN, T_SD, scoreDimensions } from './norms';
import { scoringItems, type ScoringDefinition } from './scoring-definition';

export interface AnswerContribution {
  itemKey: string;
  /** The answer as given (scale value or option key); null when the item was not answered. */
  answer: AnswerValue | null;
  /** The item score after reverse keying; null when not answered (then it does not count). */
  itemScore: number | null;
  reverse: boolean;
  /** s_i / n: this answer's share of the raw score (the contributions add up to raw). */
  raw: number | null;
  /** 10 (s_i - mean) / (n sd): how many T points this answer moved the score away from 50. */
  t: number | null;
  /**
   * The same rounded to one decimal so that the shown contributions add up to the shown T-score exactly
   * (largest remainder); null when not answered.
   */
  tDisplay: number | null;
}

export interface DimensionExplanation {
  key: string;
  computable: boolean;
  answered: number;
  itemCount: number;
  raw: number | null;
  t: number | null;
  tDisplay: number | null;
  /** The norm the T-score is read against (mean and sd of the norm group's raw scores). */
  norm: { mean: number; sd: number };
  /** Where the T-score starts before any answer counts: the norm group's average, 50. */
  baseline: number;
  contributions: AnswerContribution[];
}

/**
 * Rounds values to tenths so that they add up to `targetTenths` / 10: each is floored, and the tenths still
 * missing go to the values with the largest remainders (ties: the earlier one). Pure.
 */
export function roundToTenthsSumming(values: readonly number[], targetTenths: number): number[] {
  const scaled = values.map((v) => roundTo(v * 10, 6));
  const floors = scaled.map((v) => Math.floor(v));
  let missing = targetTenths - floors.reduce((a, b) => a + b, 0);
  const order = scaled
    .map((v, i) => ({ i, remainder: v - floors[i]! }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  const result = [...floors];
  // missing lies in 0..n when target is the rounded sum; the loop also copes with float noise either side.
  for (let k = 0; missing !== 0 && values.length > 0; k = (k + 1) % values.length) {
    const step = missing > 0 ? 1 : -1;
    result[order[k]!.i]! += step;
    missing -= step;
  }
  // + 0: Math.floor(-0) is -0, which a number format would show as "-0.0".
  return result.map((v) => v / 10 + 0);
}

/** The explanation of every dimension of a definition for one participant's answers. */
export function explainDimensions(
  definition: ScoringDefinition,
  answers: Readonly<Record<string, unknown>>,
): DimensionExplanation[] {
  const items = scoringItems(definition);
  const scores = scoreDimensions(definition, answers);
  return definition.dimensions.map((dimension, index) => {
    const score = scores[index]!;
    const own = items.filter((i) => i.dimension === dimension.key);
    const n = score.answered;
    const { mean, sd } = dimension.norm;
    const contributions = own.map((item): AnswerContribution => {
      const value = answers[item.key];
      const s = itemScore(item, value);
      const counted = s !== null && score.computable;
      return {
        itemKey: item.key,
        answer: s === null ? null : (value as AnswerValue),
        itemScore: s,
        reverse: Boolean(item.reverse),
        raw: counted ? s / n : null,
        t: counted ? (T_SD * (s - mean)) / (n * sd) : null,
        tDisplay: null,
      };
    });
    if (score.computable && score.tDisplay !== null) {
      const counted = contributions.filter((c) => c.t !== null);
      const targetTenths = Math.round(score.tDisplay * 10) - T_MEAN * 10;
      const rounded = roundToTenthsSumming(
        counted.map((c) => c.t!),
        targetTenths,
      );
      counted.forEach((c, i) => (c.tDisplay = rounded[i]!));
    }
    return {
      key: dimension.key,
      computable: score.computable,
      answered: score.answered,
      itemCount: score.itemCount,
      raw: score.raw,
      t: score.t,
      tDisplay: score.tDisplay,
      norm: { mean, sd },
      baseline: T_MEAN,
      contributions,
    };
  });
}

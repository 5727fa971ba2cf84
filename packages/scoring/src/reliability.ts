// Internal consistency (Cronbach's alpha) of a dimension over a set of answered questionnaires, for the
// quality views and for checking simulated respondents.
import { itemScore } from './raw-scores';
import { scoringItems, type ScoringDefinition } from './scoring-definition';

/** Alpha at or above this is acceptable, at or above DESIRABLE_ALPHA desirable (DESIGN.md section 4). */
export const ACCEPTABLE_ALPHA = 0.7;
export const DESIRABLE_ALPHA = 0.8;

/** Sample variance (n - 1); alpha is a ratio of variances, so the choice of divisor cancels out. */
function variance(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
}

const complete = (row: readonly (number | null | undefined)[]): row is number[] =>
  row.every((v) => typeof v === 'number' && Number.isFinite(v));

/**
 * Cronbach's alpha = k / (k - 1) * (1 - sum of item variances / variance of the row totals).
 * `rows` are respondents, columns items (already reverse-keyed). Rows with any missing value are left out
 * (listwise deletion), because alpha compares variances over the same people. Null when fewer than 2 items or
 * 2 complete respondents remain, or the totals do not vary (the ratio is undefined: everyone scored alike).
 * Alpha can be negative (items that work against each other); that is reported, not clipped.
 */
export function cronbachAlpha(rows: readonly (readonly (number | null | undefined)[])[]): number | null {
  const k = rows[0]?.length ?? 0;
  if (rows.some((r) => r.length !== k))
    throw new RangeError('every respondent row has the same number of items');
  const used = rows.filter(complete);
  if (k < 2 || used.length < 2) return null;
  const totalVariance = variance(used.map((row) => row.reduce((a, b) => a + b, 0)));
  if (totalVariance === 0) return null;
  let itemVariance = 0;
  for (let item = 0; item < k; item++) itemVariance += variance(used.map((row) => row[item]!));
  return (k / (k - 1)) * (1 - itemVariance / totalVariance);
}

export interface DimensionAlpha {
  key: string;
  alpha: number | null;
  itemCount: number;
  /** Respondents left after listwise deletion. */
  respondents: number;
}

/** Alpha per dimension of a definition over many answer sets, item scores reverse-keyed as in scoring. */
export function alphaByDimension(
  definition: ScoringDefinition,
  answerSets: readonly Readonly<Record<string, unknown>>[],
): DimensionAlpha[] {
  const items = scoringItems(definition);
  return definition.dimensions.map((dimension) => {
    const own = items.filter((i) => i.dimension === dimension.key);
    const rows = answerSets.map((answers) => own.map((item) => itemScore(item, answers[item.key])));
    return {
      key: dimension.key,
      alpha: cronbachAlpha(rows),
      itemCount: own.length,
      respondents: rows.filter(complete).length,
    };
  });
}

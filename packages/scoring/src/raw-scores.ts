// Raw scores (DESIGN.md section 4): an answer becomes an item score (likert values mirrored for reverse-keyed
// items, choice options by their score), and a dimension's raw score is the mean of its answered items, or
// "not computable" when fewer than its minimum were answered. Pure and deterministic; no I/O.
export type AnswerValue = number | string;

export interface ScoringItem {
  key: string;
  /** Null for items that belong to no dimension (e.g. a self-estimate read on its own). */
  dimension: string | null;
  type: 'likert' | 'choice';
  reverse?: boolean;
  /** Likert scale bounds (whole numbers). */
  scaleMin?: number;
  scaleMax?: number;
  /** Choice options and their scores. */
  options?: readonly { key: string; score: number }[];
}

export interface ScoringDimension {
  key: string;
  minAnswered: number;
}

export interface RawDimensionScore {
  key: string;
  /** Mean item score; null when not computable. */
  raw: number | null;
  answered: number;
  itemCount: number;
  computable: boolean;
}

/** Whether a value is a possible answer to the item (a scale point, or an option key). */
export function isValidAnswer(item: ScoringItem, value: unknown): value is AnswerValue {
  if (item.type === 'likert') {
    return (
      typeof value === 'number' &&
      Number.isInteger(value) &&
      item.scaleMin !== undefined &&
      item.scaleMax !== undefined &&
      value >= item.scaleMin &&
      value <= item.scaleMax
    );
  }
  return typeof value === 'string' && (item.options ?? []).some((o) => o.key === value);
}

/** The item's score for an answer, reverse keying applied; null for a missing or impossible answer. */
export function itemScore(item: ScoringItem, value: unknown): number | null {
  if (value === undefined || value === null || !isValidAnswer(item, value)) return null;
  if (item.type === 'choice') return item.options!.find((o) => o.key === value)!.score;
  const v = value as number;
  return item.reverse ? item.scaleMin! + item.scaleMax! - v : v;
}

export function rawDimensionScores(
  items: readonly ScoringItem[],
  dimensions: readonly ScoringDimension[],
  answers: Readonly<Record<string, unknown>>,
): RawDimensionScore[] {
  return dimensions.map((dimension) => {
    const own = items.filter((i) => i.dimension === dimension.key);
    const scores = own.map((i) => itemScore(i, answers[i.key])).filter((s): s is number => s !== null);
    const computable = scores.length >= dimension.minAnswered && scores.length > 0;
    return {
      key: dimension.key,
      raw: computable ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
      answered: scores.length,
      itemCount: own.length,
      computable,
    };
  });
}

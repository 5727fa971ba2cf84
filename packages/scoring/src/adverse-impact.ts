// The adverse-impact figures (docs/decisions/0052): selection rate, impact ratio against the group with the highest
// rate, the four-fifths flag of 29 CFR 1607.4(D), and Fisher's exact test of a group against that reference group
// (two-sided, the sum of the probabilities of every 2x2 table with the same margins that is no more likely than the
// one observed), computed exactly from log-factorials; and the median for NYC Local Law 144's scoring rate.

/** Below this impact ratio the four-fifths rule flags the group. */
export const FOUR_FIFTHS = 0.8;
/** Fewer assessed than this in the group or the reference group: the ratio is shown with a small-sample warning. */
export const SMALL_SAMPLE_N = 30;
/** Relative tolerance when comparing table probabilities, so equal probabilities computed apart still compare equal. */
const EQUAL_PROBABILITY = 1e-7;

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[n]!;
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * Two-sided p of Fisher's exact test for selected1 of n1 against selected2 of n2. 1 when a margin is empty (the
 * table says nothing).
 */
export function fisherExactTwoSided(selected1: number, n1: number, selected2: number, n2: number): number {
  for (const v of [selected1, n1, selected2, n2]) if (!Number.isInteger(v) || v < 0) throw new RangeError('counts must be whole and not negative');
  if (selected1 > n1 || selected2 > n2) throw new RangeError('more selected than assessed');
  const m = selected1 + selected2;
  const total = n1 + n2;
  if (n1 === 0 || n2 === 0 || m === 0 || m === total) return 1;
  const logDenominator = logChoose(total, m);
  const logP = (x: number) => logChoose(n1, x) + logChoose(n2, m - x) - logDenominator;
  const observed = logP(selected1);
  let p = 0;
  for (let x = Math.max(0, m - n2); x <= Math.min(n1, m); x++) {
    const lp = logP(x);
    if (lp <= observed + Math.log1p(EQUAL_PROBABILITY)) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

export interface GroupCount {
  key: string;
  assessed: number;
  selected: number;
}

export interface GroupFigures extends GroupCount {
  selectionRate: number;
  impactRatio: number | null;
  fourFifthsFlag: boolean | null;
  fisherP: number | null;
  smallSample: boolean;
  isReference: boolean;
}

/**
 * The figures of each group against the group with the highest selection rate (on a tie, the larger group, then the
 * first). Groups with nobody assessed are left out. With no one selected anywhere the ratios are undefined (null).
 */
export function adverseImpact(groups: readonly GroupCount[]): GroupFigures[] {
  const counted = groups.filter((g) => g.assessed > 0);
  if (counted.length === 0) return [];
  const rate = (g: GroupCount) => g.selected / g.assessed;
  const reference = counted.reduce((best, g) => (rate(g) > rate(best) || (rate(g) === rate(best) && g.assessed > best.assessed) ? g : best));
  const top = rate(reference);
  return counted.map((g) => {
    const isReference = g === reference;
    const impactRatio = top > 0 ? rate(g) / top : null;
    return {
      ...g,
      selectionRate: rate(g),
      impactRatio,
      fourFifthsFlag: impactRatio === null ? null : impactRatio < FOUR_FIFTHS,
      fisherP: isReference ? null : fisherExactTwoSided(g.selected, g.assessed, reference.selected, reference.assessed),
      smallSample: g.assessed < SMALL_SAMPLE_N || reference.assessed < SMALL_SAMPLE_N,
      isReference,
    };
  });
}

/** The median of the scores (mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

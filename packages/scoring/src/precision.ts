// Guards for comparisons of computed scores against cut-points (stanine, risk classes, cap bands).

// A raw mean like (2.33 + 3.67 + 2.25) / 3 is exactly 2.75 on paper but 2.7499999999999996 in binary floating
// point. Comparing that against a cut at 2.75 would put a participant in the wrong band for a reason no
// reviewer could follow, so scores are rounded to 9 decimals (far below any meaningful difference) first.
const COMPARISON_DECIMALS = 9;
const FACTOR = 10 ** COMPARISON_DECIMALS;

/** The value as compared with a cut-point: rounded to 9 decimals, so float noise cannot cross a boundary. */
export function forComparison(value: number): number {
  return Math.round(value * FACTOR) / FACTOR;
}

/** Rounds half away from zero to `decimals` places, for display values (T 62.35 -> 62.4, -62.35 -> -62.4). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // Rounding the magnitude makes halves go away from zero symmetrically (Math.round alone sends -0.5 to -0);
  // forComparison keeps 1.005 * 100 = 100.49999999999999 from rounding down.
  const rounded = Math.round(forComparison(Math.abs(value) * factor)) / factor;
  return value < 0 ? -rounded : rounded;
}

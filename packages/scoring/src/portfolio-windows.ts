// History of a model portfolio: its value over time and the worst and best annualised returns over all rolling
// 1, 5 and 10 year windows, each with its date span (the risk dashboard's lines chart and minMax bars).
import type { ReturnSeries } from './market-history';

export const WINDOW_YEARS = [1, 5, 10] as const;
/** The value index at the first month. */
export const START_VALUE = 100;

export interface ValuePoint {
  date: string;
  value: number;
}

export interface WindowExtreme {
  /** (end / start)^(1 / years) - 1. */
  annualised: number;
  from: string;
  to: string;
}

export interface WindowExtremes {
  years: number;
  /** Number of rolling windows (one per start month); 0 when the history is shorter than the window. */
  windows: number;
  worst: WindowExtreme | null;
  best: WindowExtreme | null;
}

export interface PortfolioHistory {
  kind: 'history';
  equityShare: number;
  from: string;
  to: string;
  values: ValuePoint[];
  windows: WindowExtremes[];
}

/** Monthly rebalanced mix: each month earns share * equity + (1 - share) * bonds. */
export function portfolioReturns(series: ReturnSeries, equityShare: number): number[] {
  if (!(equityShare >= 0 && equityShare <= 1))
    throw new RangeError(`the equity share lies in 0..1, got ${equityShare}`);
  if (series.equity.length !== series.bonds.length || series.dates.length !== series.equity.length + 1) {
    throw new RangeError('a return series has one date more than returns (the base month)');
  }
  return series.equity.map((e, i) => equityShare * e + (1 - equityShare) * series.bonds[i]!);
}

/** Value index: 100 at dates[0], then compounded month by month (the prefix products the windows use). */
export function portfolioValues(dates: readonly string[], returns: readonly number[]): ValuePoint[] {
  const values: ValuePoint[] = [{ date: dates[0]!, value: START_VALUE }];
  for (let i = 0; i < returns.length; i++) {
    const r = returns[i]!;
    if (!(r > -1))
      throw new RangeError(`a monthly return of ${r} at ${dates[i + 1]} would wipe the portfolio out`);
    values.push({ date: dates[i + 1]!, value: values[i]!.value * (1 + r) });
  }
  return values;
}

/**
 * Worst and best annualised return over every window of `years` * 12 months, in one pass: a window's growth is
 * value[end] / value[start] of the prefix products, so each window costs O(1) and the whole scan O(n). Growth is
 * compared before annualising (the power is monotone). On a tie the earliest window is kept, so the answer is
 * the same on every run.
 */
export function rollingWindowExtremes(values: readonly ValuePoint[], years: number): WindowExtremes {
  const months = Math.round(years * 12);
  const windows = Math.max(0, values.length - months);
  if (months < 1 || windows === 0) return { years, windows: 0, worst: null, best: null };
  let worst = 0;
  let best = 0;
  let worstGrowth = Infinity;
  let bestGrowth = -Infinity;
  for (let start = 0; start < windows; start++) {
    const growth = values[start + months]!.value / values[start]!.value;
    if (growth < worstGrowth) {
      worstGrowth = growth;
      worst = start;
    }
    if (growth > bestGrowth) {
      bestGrowth = growth;
      best = start;
    }
  }
  const extreme = (start: number, growth: number): WindowExtreme => ({
    annualised: growth ** (12 / months) - 1,
    from: values[start]!.date,
    to: values[start + months]!.date,
  });
  return { years, windows, worst: extreme(worst, worstGrowth), best: extreme(best, bestGrowth) };
}

/** The whole history of one portfolio, labelled as history (as opposed to projections.ts). */
export function portfolioHistory(
  series: ReturnSeries,
  equityShare: number,
  windowYears: readonly number[] = WINDOW_YEARS,
): PortfolioHistory {
  const values = portfolioValues(series.dates, portfolioReturns(series, equityShare));
  return {
    kind: 'history',
    equityShare,
    from: values[0]!.date,
    to: values[values.length - 1]!.date,
    values,
    windows: windowYears.map((years) => rollingWindowExtremes(values, years)),
  };
}

// History of a model portfolio: its value over time, the worst and best annualised returns over all rolling
// 1, 5 and 10 year windows with their date spans, the largest drawdown and the volatility, all from every month of
// the history, nominal or deflated by the CPI (the risk dashboard's charts, table and figures).
import type { ReturnSeries } from './market-history';
import { assertMix, type AssetMix } from './model-portfolios';

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

/** Nominal: in US dollars as they were; real: deflated by the CPI, in dollars of the first month. */
export type ReturnBasis = 'nominal' | 'real';

export interface Drawdown {
  /** value[trough] / value[peak] - 1, a negative fraction. */
  fall: number;
  peak: string;
  trough: string;
  /** The first month back at the peak's value; null when the history ends before it. */
  recovery: string | null;
}

export interface PortfolioHistory {
  kind: 'history';
  basis: ReturnBasis;
  mix: AssetMix;
  from: string;
  to: string;
  values: ValuePoint[];
  windows: WindowExtremes[];
  /** The largest fall from a previous high over every month; null when the value never fell. */
  maxDrawdown: Drawdown | null;
  /** Sample standard deviation of the monthly returns times sqrt(12). */
  volatility: number;
}

/** Monthly rebalanced mix: each month earns the share-weighted equity, bond and cash-like returns. */
export function portfolioReturns(series: ReturnSeries, mix: AssetMix): number[] {
  assertMix(mix);
  const n = series.equity.length;
  if (series.bonds.length !== n || series.cash.length !== n || series.dates.length !== n + 1) {
    throw new RangeError('a return series has one date more than returns (the base month)');
  }
  return series.equity.map(
    (e, i) => mix.equityShare * e + mix.bondShare * series.bonds[i]! + mix.cashShare * series.cash[i]!,
  );
}

/** Nominal returns deflated month by month: (1 + r) / (1 + inflation) - 1. */
export function realReturns(nominal: readonly number[], inflation: readonly number[]): number[] {
  if (nominal.length !== inflation.length) throw new RangeError('one inflation figure per monthly return');
  return nominal.map((r, i) => (1 + r) / (1 + inflation[i]!) - 1);
}

/**
 * The largest fall from a running high over every point, in one pass. Ties keep the earliest trough; the peak
 * is the high before that trough, the recovery the first later point at or above the peak's value.
 */
export function maxDrawdown(values: readonly ValuePoint[]): Drawdown | null {
  if (values.length === 0) return null;
  let peak = 0;
  let worst: { fall: number; peak: number; trough: number } | null = null;
  for (let i = 1; i < values.length; i++) {
    if (values[i]!.value > values[peak]!.value) peak = i;
    const fall = values[i]!.value / values[peak]!.value - 1;
    if (fall < 0 && (!worst || fall < worst.fall)) worst = { fall, peak, trough: i };
  }
  if (!worst) return null;
  const peakValue = values[worst.peak]!.value;
  let recovery: string | null = null;
  for (let i = worst.trough + 1; i < values.length; i++) {
    if (values[i]!.value >= peakValue) {
      recovery = values[i]!.date;
      break;
    }
  }
  return { fall: worst.fall, peak: values[worst.peak]!.date, trough: values[worst.trough]!.date, recovery };
}

/** Annualised volatility of monthly returns: the sample standard deviation times sqrt(12); 0 below 2 returns. */
export function annualisedVolatility(returns: readonly number[]): number {
  if (returns.length < 2) return 0;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * 12);
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

/**
 * The whole history of one portfolio, labelled as history (as opposed to projections.ts). The real basis needs
 * the series' inflation (a CPI for every month) and throws a RangeError without it.
 */
export function portfolioHistory(
  series: ReturnSeries,
  mix: AssetMix,
  windowYears: readonly number[] = WINDOW_YEARS,
  basis: ReturnBasis = 'nominal',
): PortfolioHistory {
  const nominal = portfolioReturns(series, mix);
  if (basis === 'real' && !series.inflation)
    throw new RangeError('the real view needs a CPI for every month of the history');
  const returns = basis === 'real' ? realReturns(nominal, series.inflation!) : nominal;
  const values = portfolioValues(series.dates, returns);
  return {
    kind: 'history',
    basis,
    mix,
    from: values[0]!.date,
    to: values[values.length - 1]!.date,
    values,
    windows: windowYears.map((years) => rollingWindowExtremes(values, years)),
    maxDrawdown: maxDrawdown(values),
    volatility: annualisedVolatility(returns),
  };
}

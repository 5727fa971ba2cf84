// The model portfolio of each risk class 1-7: an equity / 10-year bond / cash-like mix, monthly rebalanced, used
// for the history windows, the projections and the market-risk class of the risk dashboard (decision 0014).

export interface AssetMix {
  /** Share of US equities (the S&P 500 with dividends), 0..1. */
  equityShare: number;
  /** Share of 10-year US Treasuries (a constant-maturity par bond priced from the long rate), 0..1. */
  bondShare: number;
  /**
   * Share of the cash-like part, 0..1: a 3-month bill proxy that earns the long rate (the data has no short rate)
   * with a duration of a quarter of a year, so it carries almost no price risk (market-history.ts).
   */
  cashShare: number;
}

export interface ModelPortfolio extends AssetMix {
  riskClass: number;
}

/**
 * Equity / bond / cash-like shares of classes 1-7. Chosen so that, over the 1871-2023 history, volatility, the
 * largest drawdown and the loss in the worst 1, 5 and 10-year windows never fall as the class rises (tested on
 * the real data in model-portfolios.test.ts; figures in decision 0014). Class 1 is mostly cash-like: an all-bond
 * class 1 lost more in its worst 1, 5 and 10 years (2021-2022) than the 10 % equity class 2. The classes are the
 * product's own 1-7 scale for a client's profile, not the PRIIPs summary risk indicator; the PRIIPs-style market
 * risk class of each portfolio is computed separately (priips.ts). They are a product choice, not a
 * recommendation; change them here and ALGORITHM_VERSION with them.
 */
const MIXES: readonly AssetMix[] = [
  { equityShare: 0, bondShare: 0.2, cashShare: 0.8 },
  { equityShare: 0.1, bondShare: 0.4, cashShare: 0.5 },
  { equityShare: 0.25, bondShare: 0.55, cashShare: 0.2 },
  { equityShare: 0.4, bondShare: 0.6, cashShare: 0 },
  { equityShare: 0.6, bondShare: 0.4, cashShare: 0 },
  { equityShare: 0.8, bondShare: 0.2, cashShare: 0 },
  { equityShare: 1, bondShare: 0, cashShare: 0 },
];

export const MODEL_PORTFOLIOS: readonly ModelPortfolio[] = MIXES.map((mix, i) => ({ riskClass: i + 1, ...mix }));

export function modelPortfolio(riskClass: number): ModelPortfolio {
  const portfolio = MODEL_PORTFOLIOS.find((p) => p.riskClass === riskClass);
  if (!portfolio) throw new RangeError(`a risk class is a whole number 1-7, got ${riskClass}`);
  return portfolio;
}

/** Refuses a mix whose shares are not each in 0..1 or do not add up to 1 (to 1e-9). */
export function assertMix(mix: AssetMix): void {
  const shares = [mix.equityShare, mix.bondShare, mix.cashShare];
  if (!shares.every((s) => s >= 0 && s <= 1) || Math.abs(shares.reduce((a, b) => a + b, 0) - 1) > 1e-9)
    throw new RangeError(`the shares of a mix lie in 0..1 and add up to 1, got ${shares.join(' / ')}`);
}

/** All equities, all bonds: the frame of reference in the value chart. */
export const ALL_EQUITIES: AssetMix = { equityShare: 1, bondShare: 0, cashShare: 0 };
export const ALL_BONDS: AssetMix = { equityShare: 0, bondShare: 1, cashShare: 0 };

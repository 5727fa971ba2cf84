// Forward projections of a model portfolio from stated capital-market assumptions, shown instead of history
// when no market history has been imported; labelled as projections, never as history.
import { assertMix, type AssetMix } from './model-portfolios';
import { Z_95 } from './normal-distribution';
import { WINDOW_YEARS } from './portfolio-windows';

export interface AssetAssumption {
  /** Expected simple return per year (arithmetic mean), nominal. */
  expectedReturn: number;
  /** Standard deviation of the yearly simple return. */
  volatility: number;
}

export interface CapitalMarketAssumptions {
  /** Always 'assumptions': these are stated inputs, not measured or forecast by the engine. */
  source: 'assumptions';
  label: string;
  equity: AssetAssumption;
  bonds: AssetAssumption;
  /** The cash-like part; taken as uncorrelated with equities and bonds. */
  cash: AssetAssumption;
  /** Correlation of yearly equity and bond returns. */
  correlation: number;
}

/**
 * Round long-run nominal figures of the kind published as capital-market assumptions; set by the product, not
 * derived from data. Deliberately below the 1871-2026 US history computed by market-history.ts (equities: mean
 * yearly return about 11 %, sd 18 %; bonds about 4.7 %, sd 6 %), an unusually good period for US markets.
 * Change them here, and the ALGORITHM_VERSION with them.
 */
export const DEFAULT_ASSUMPTIONS: CapitalMarketAssumptions = {
  source: 'assumptions',
  label: 'Illustrative long-run assumptions, not a forecast',
  equity: { expectedReturn: 0.07, volatility: 0.16 },
  bonds: { expectedReturn: 0.035, volatility: 0.06 },
  cash: { expectedReturn: 0.025, volatility: 0.01 },
  correlation: 0.1,
};

export interface ProjectedHorizon {
  years: number;
  /** Annualised return at the 5th, 50th and 95th percentile. */
  p5: number;
  p50: number;
  p95: number;
}

export interface PortfolioProjection {
  kind: 'projection';
  mix: AssetMix;
  assumptions: CapitalMarketAssumptions;
  horizons: ProjectedHorizon[];
}

/** A bare equity share means equities and 10-year bonds only (the mix before the cash-like part existed). */
const mixOf = (mix: AssetMix | number): AssetMix =>
  typeof mix === 'number' ? { equityShare: mix, bondShare: 1 - mix, cashShare: 0 } : mix;

/**
 * Yearly log-return parameters of the mix: the simple return has mean mu and sd sigma from the three assets and
 * the equity-bond correlation (cash uncorrelated); 1 + R is taken as lognormal with that mean and variance, so
 * s^2 = ln(1 + sigma^2 / (1 + mu)^2) and m = ln(1 + mu) - s^2 / 2.
 */
export function portfolioLogParameters(
  portfolio: AssetMix | number,
  a: CapitalMarketAssumptions = DEFAULT_ASSUMPTIONS,
): { m: number; s: number } {
  const mix = mixOf(portfolio);
  if (typeof portfolio === 'number' && !(portfolio >= 0 && portfolio <= 1))
    throw new RangeError(`the equity share lies in 0..1, got ${portfolio}`);
  assertMix(mix);
  const { equityShare: e, bondShare: b, cashShare: c } = mix;
  const mu = e * a.equity.expectedReturn + b * a.bonds.expectedReturn + c * a.cash.expectedReturn;
  const variance =
    (e * a.equity.volatility) ** 2 +
    (b * a.bonds.volatility) ** 2 +
    (c * a.cash.volatility) ** 2 +
    2 * e * b * a.correlation * a.equity.volatility * a.bonds.volatility;
  const s2 = Math.log(1 + variance / (1 + mu) ** 2);
  return { m: Math.log(1 + mu) - s2 / 2, s: Math.sqrt(s2) };
}

/**
 * Independent years add up in log terms: ln(wealth after H years) ~ N(mH, s^2 H), so the annualised return is
 * exp(N(m, s^2 / H)) - 1 and its q-th percentile exp(m + z_q * s / sqrt(H)) - 1. Longer horizons narrow the
 * annualised spread, as they do in the history windows.
 */
export function projectPortfolio(
  portfolio: AssetMix | number,
  assumptions: CapitalMarketAssumptions = DEFAULT_ASSUMPTIONS,
  horizons: readonly number[] = WINDOW_YEARS,
): PortfolioProjection {
  const { m, s } = portfolioLogParameters(portfolio, assumptions);
  return {
    kind: 'projection',
    mix: mixOf(portfolio),
    assumptions,
    horizons: horizons.map((years) => {
      const spread = (Z_95 * s) / Math.sqrt(years);
      return { years, p5: Math.exp(m - spread) - 1, p50: Math.exp(m) - 1, p95: Math.exp(m + spread) - 1 };
    }),
  };
}
